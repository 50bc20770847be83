/** Entry point: detect by content, refuse unsafe input, parse, classify. */
import { MSG } from '@deklarant/contracts';
import { assemble } from './assemble.ts';
import { type Sniffed, sniff } from './detect.ts';
import { refuse } from './errors.ts';
import type { ParsedReport } from './events.ts';
import { parseBcs } from './parsers/bcs.ts';
import { parseBinanceConvert, parseBinanceLedger, parseBinanceTrades } from './parsers/binance.ts';
import { parseBybitSpot } from './parsers/bybit.ts';
import { parseExante } from './parsers/exante.ts';
import { parseFreedomJson, parseFreedomXml } from './parsers/freedom.ts';
import { parseIbCsv } from './parsers/ib-csv.ts';
import { parseIbFlex } from './parsers/ib-flex.ts';
import { HALYK, JUSAN, LAYOUTS, TEMPLATE } from './parsers/layouts.ts';
import { parseOkxTrades } from './parsers/okx.ts';
import { headerScore, isHeaderOf, type Layout, parseTable } from './parsers/tabular.ts';
import { parseTbank } from './parsers/tbank.ts';
import { readCsv } from './read/csv.ts';
import { readXlsx } from './read/xlsx.ts';
import { tx } from './texts.ts';
import type { FormatId, ImportResult, ParseOptions } from './types.ts';

export const ACCEPTED_FORMATS = 'XML, JSON, CSV, XLSX, XLS';

const LAYOUT_OF: Partial<Record<FormatId, Layout>> = {
  halyk_csv: HALYK,
  halyk_xlsx: HALYK,
  halyk_xls: HALYK,
  jusan_csv: JUSAN,
  jusan_xlsx: JUSAN,
  jusan_xls: JUSAN,
  template_csv: TEMPLATE,
  template_xlsx: TEMPLATE,
  template_xls: TEMPLATE,
};

/** The broker chosen on the upload screen, used only when the content matches no known layout. */
function layoutFromHint(hint: string | undefined): Layout | null {
  if (!hint) return null;
  if (/halyk|халык/i.test(hint)) return HALYK;
  if (/jusan|жусан/i.test(hint)) return JUSAN;
  if (/template|шаблон|other|друг/i.test(hint)) return TEMPLATE;
  return null;
}

/**
 * Brokers of our list whose report format is published nowhere (formats/README.md): their users fill our
 * template. Matched on the broker name the upload screen sends.
 */
const NO_READER = /bcc|бцк|tabys|табыс/i;

/**
 * Halyk Finance's own statement of account movements: `Клиент | Счет расхода | Контрагент | Сумма/Количество ЦБ |
 * Код валюты | Валюта/Инструмент | Комментарий | Дата | Режим сделки | Сорт д-та | Тикер | Счет прихода | № л/с |
 * Цена` (two public readers of Kazakhstan account statements know it; «Cчет прихода» is written with a Latin C).
 * Its rows are postings between accounts, and nothing public says how they make trades and payments, so it is
 * refused with the way round instead of our Halyk layout's missing-columns message (formats/halyk-finance.md).
 */
const HALYK_LEDGER =
  /^(сч[её]т расхода|[сc]ч[её]т прихода|сумма\/количество цб|валюта\/инструмент|сорта? д-та|режим сделки|код инстр-та)$/i;
const isHalykLedger = (rows: { cells: (string | number | Date)[] }[]) =>
  rows.some((r) => r.cells.filter((c) => typeof c === 'string' && HALYK_LEDGER.test(c.trim())).length >= 3);

/** A table whose header shares at least two column names with a layout is that layout with wrong columns. */
function closestLayout(rows: { cells: (string | number | Date)[] }[]): Layout | null {
  let best: Layout | null = null;
  let bestScore = 1;
  for (const l of LAYOUTS) {
    for (const r of rows) {
      const score = headerScore(r.cells, l);
      if (score > bestScore) {
        best = l;
        bestScore = score;
      }
    }
  }
  return best;
}

/**
 * Parses a broker report. Throws ImportRefusedError (Russian message, no deals) for empty, oversized,
 * unsafe, truncated or unrecognised files; row-level problems come back in `errors`.
 */
export async function parseReport(bytes: Uint8Array, opts: ParseOptions = {}): Promise<ImportResult> {
  const s = sniff(bytes, opts);
  return assemble(await parseSniffed(bytes, s, opts));
}

async function parseSniffed(bytes: Uint8Array, s: Sniffed, opts: ParseOptions): Promise<ParsedReport> {
  const format = s.detection?.format;
  const text = s.text ?? '';
  switch (format) {
    case 'ib_flex_xml':
      return parseIbFlex(text);
    case 'ib_activity_csv':
      return parseIbCsv(text);
    case 'freedom_json':
      return parseFreedomJson(text);
    case 'freedom_xml':
      return parseFreedomXml(text);
    case 'binance_trades_csv':
      return parseBinanceTrades(readCsv(text));
    case 'binance_ledger_csv':
      return parseBinanceLedger(readCsv(text));
    case 'binance_convert_csv':
      return parseBinanceConvert(readCsv(text));
    case 'exante_trades_csv':
    case 'exante_transactions_csv':
      return parseExante(text);
    case 'bybit_spot_csv':
      return parseBybitSpot(readCsv(text));
    case 'okx_trades_csv':
      return parseOkxTrades(readCsv(text));
    case 'tbank_xlsx':
      return parseTbank(await readXlsx(bytes), opts.filename);
    case 'bcs_xlsx':
      return parseBcs(await readXlsx(bytes), format);
    case 'bcs_xls':
      return parseBcs(s.sheets ?? [], format);
  }
  const rows = s.kind === 'csv' ? readCsv(text) : [];
  const sheets = s.kind === 'xlsx' ? await readXlsx(bytes) : (s.sheets ?? []);
  const layout =
    (format && LAYOUT_OF[format]) ||
    layoutFromHint(opts.brokerHint) ||
    closestLayout([...rows.slice(0, 30), ...sheets.flatMap((sh) => sh.rows.slice(0, 30))]);
  // a broker whose own report we cannot read: only a table with our template's header is taken, anything
  // else is that broker's report and gets the way round, not the template's missing-columns message
  const unread = opts.brokerHint && NO_READER.test(opts.brokerHint) ? opts.brokerHint : null;
  if (s.kind === 'xlsx' || s.kind === 'xls') {
    const candidates = layout && !unread ? [layout] : LAYOUTS;
    for (const l of candidates) {
      const sheet = sheets.find((sh) => sh.rows.slice(0, 30).some((r) => isHeaderOf(r.cells, l)));
      if (sheet) return parseTable(sheet.rows, l, s.kind);
    }
    if (sheets.some((sh) => isHalykLedger(sh.rows.slice(0, 30)))) refuse('unknown_format', tx('refuse.halykLedger'));
    if (layout && !unread) return parseTable(sheets[0]?.rows ?? [], layout, s.kind);
  } else if (s.kind === 'csv' && layout) {
    if (!unread || rows.slice(0, 30).some((r) => isHeaderOf(r.cells, layout))) return parseTable(rows, layout, 'csv');
  }
  if (unread) return refuse('unknown_format', tx('refuse.noReader', { broker: unread }));
  return refuse('unknown_format', tx('refuse.unknownFormat', { wrongFormat: MSG.wrongFormat(ACCEPTED_FORMATS) }));
}
