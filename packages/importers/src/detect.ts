/** Format detection by content: zip magic, XML root element, JSON keys, CSV header. Never by file name. */
import { refuse } from './errors.ts';
import { assertSize, zipLimits } from './guard.ts';
import { BCS } from './parsers/bcs.ts';
import { binanceFormat, refuseOtherLanguage } from './parsers/binance.ts';
import { refuseOtherBybitReport } from './parsers/bybit.ts';
import { exanteFormatOf } from './parsers/exante.ts';
import { HALYK, JUSAN, TEMPLATE } from './parsers/layouts.ts';
import { refuseOtherOkxReport } from './parsers/okx.ts';
import { isHeaderOf, type Layout } from './parsers/tabular.ts';
import { looksLikeTbank, TBANK } from './parsers/tbank.ts';
import { readCsv } from './read/csv.ts';
import { decodeText } from './read/text.ts';
import { isOle2, readXls } from './read/xls.ts';
import type { Sheet } from './read/xlsx.ts';
import { assertSafeXml, xmlRootName } from './read/xml.ts';
import { assertSafeZip, isZip, peekXlsxText } from './read/zip-guard.ts';
import { tx } from './texts.ts';
import type { Detection, FormatId, ParseOptions } from './types.ts';

const BROKERS: Record<FormatId, string> = {
  ib_flex_xml: 'Interactive Brokers',
  ib_activity_csv: 'Interactive Brokers',
  freedom_json: 'Freedom Finance',
  freedom_xml: 'Freedom Finance',
  halyk_xlsx: HALYK.broker,
  halyk_csv: HALYK.broker,
  jusan_csv: JUSAN.broker,
  jusan_xlsx: JUSAN.broker,
  binance_trades_csv: 'Binance',
  binance_ledger_csv: 'Binance',
  binance_convert_csv: 'Binance',
  exante_trades_csv: 'Exante',
  exante_transactions_csv: 'Exante',
  bybit_spot_csv: 'Bybit',
  okx_trades_csv: 'OKX',
  tbank_xlsx: TBANK,
  bcs_xls: BCS,
  bcs_xlsx: BCS,
  halyk_xls: HALYK.broker,
  jusan_xls: JUSAN.broker,
  template_csv: TEMPLATE.broker,
  template_xlsx: TEMPLATE.broker,
  template_xls: TEMPLATE.broker,
};

const found = (format: FormatId): Detection => ({ format, broker: BROKERS[format] });

/** What the content is, plus the decoded text for text formats (so it is decoded once). */
export interface Sniffed {
  detection: Detection | null;
  kind: 'xlsx' | 'xls' | 'xml' | 'json' | 'csv';
  text?: string;
  /** an .xls workbook is read whole to be recognised: its sheets, so that it is read once */
  sheets?: Sheet[];
}

export function sniff(bytes: Uint8Array, opts: ParseOptions = {}): Sniffed {
  assertSize(bytes, opts);
  if (isZip(bytes)) {
    assertSafeZip(bytes, zipLimits(opts));
    const xml = peekXlsxText(bytes);
    const has = (...words: string[]) => words.every((w) => xml.includes(`>${w}<`));
    // T-Bank: its header cells wrap inside words («Дата заклю\nчения»), compared without whitespace there
    const format: FormatId | null = looksLikeTbank(xml)
      ? 'tbank_xlsx'
      : has('Куплено, шт', 'Продано, шт') || has('Сумма зачисления', 'Сумма списания', 'Вид актива')
        ? 'bcs_xlsx'
        : has('Дата операции', 'Торговая площадка')
          ? 'halyk_xlsx'
          : has('Дата сделки', 'Валюта расчетов')
            ? 'jusan_xlsx'
            : has('date', 'type', 'currency', 'amount')
              ? 'template_xlsx'
              : null;
    return { detection: format ? found(format) : null, kind: 'xlsx' };
  }
  if (isOle2(bytes)) {
    const sheets = readXls(bytes);
    return { detection: detectXls(sheets), kind: 'xls', sheets };
  }
  const text = decodeText(bytes);
  const head = text.trimStart();
  if (!head) refuse('empty', tx('refuse.empty'));
  if (head.startsWith('<')) {
    assertSafeXml(head);
    const root = xmlRootName(head);
    const format =
      root === 'FlexQueryResponse' || root === 'FlexStatementResponse'
        ? 'ib_flex_xml'
        : /<(date_start|trades|corporate_actions)[\s>]/.test(head.slice(0, 1 << 20))
          ? 'freedom_xml'
          : null;
    return { detection: format ? found(format) : null, kind: 'xml', text: head };
  }
  if (head.startsWith('{')) {
    const json = /"(trades|corporate_actions|date_start|plainAccountInfoData|cash_in_outs)"\s*:/.test(
      head.slice(0, 1 << 20),
    );
    return { detection: json ? found('freedom_json') : null, kind: 'json', text: head };
  }
  return { detection: detectCsv(head), kind: 'csv', text: head };
}

/** An .xls workbook: a BCS report by its tables, else one of the one-table layouts by its header. */
function detectXls(sheets: Sheet[]): Detection | null {
  const heads = sheets.flatMap((s) => s.rows.slice(0, 400)).map((r) => r.cells.map((c) => String(c).trim()));
  if (
    heads.some(
      (h) =>
        (h.includes('Куплено, шт') && h.includes('Продано, шт')) ||
        (h.includes('Сумма зачисления') && h.includes('Сумма списания') && h.includes('Операция')),
    )
  ) {
    return found('bcs_xls');
  }
  const layouts: [Layout, FormatId][] = [
    [HALYK, 'halyk_xls'],
    [JUSAN, 'jusan_xls'],
    [TEMPLATE, 'template_xls'],
  ];
  for (const [layout, format] of layouts) {
    if (sheets.some((s) => s.rows.slice(0, 30).some((r) => isHeaderOf(r.cells, layout)))) return found(format);
  }
  return null;
}

function detectCsv(text: string): Detection | null {
  const firstLine = text.slice(0, 4096).split(/\r?\n/, 1)[0] ?? '';
  const plain = firstLine.replace(/"/g, '');
  if (/^[^,]+,Headers?,/.test(plain)) return found('ib_activity_csv');
  // Binance: its reports by their header (in English or a language we read); the others are refused
  const binance = binanceFormat(plain.split(/[,;\t]/));
  if (binance) return found(binance);
  // Exante: the plain exports by their first line (names in any case, the Russian trades export), the «Custom»
  // report by the header line of one of its tables (formats/exante.md)
  const exante = exanteFormatOf(text);
  if (exante) return found(exante);
  // a Bybit export may have the account line «UID: …,Company Name: …,Country: …» above its header
  const bybit = /^UID:/i.test(plain) ? (text.slice(0, 4096).split(/\r?\n/, 2)[1] ?? '').replace(/"/g, '') : plain;
  if (bybit.includes('Spot Pairs') && bybit.includes('Direction') && bybit.includes('Filled Quantity')) {
    return found('bybit_spot_csv');
  }
  // OKX: the current export (Symbol, Action), often below the line «UID: …,Account Type: …,Time Zone: UTC+8»,
  // and the older names (Instrument, Type)
  const okx = /^UID:/i.test(plain) ? (text.slice(0, 4096).split(/\r?\n/, 2)[1] ?? '').replace(/"/g, '') : plain;
  if (
    okx.includes('Order id') &&
    okx.includes('Trade Type') &&
    (okx.includes('Instrument') || (okx.includes('Symbol') && okx.includes('Action')))
  ) {
    return found('okx_trades_csv');
  }
  // other Bybit and OKX reports (balance logs, funding history) are refused with the export to download
  const head = text
    .slice(0, 4096)
    .split(/\r?\n/, 5)
    .map((l) => l.replace(/"/g, ''));
  refuseOtherBybitReport(head);
  refuseOtherOkxReport(head);
  const rows = readCsv(text.slice(0, 16384).split(/\r?\n/).slice(0, 30).join('\n'));
  const layouts: [Layout, FormatId][] = [
    [HALYK, 'halyk_csv'],
    [JUSAN, 'jusan_csv'],
    [TEMPLATE, 'template_csv'],
  ];
  for (const [layout, format] of layouts) {
    if (rows.some((r) => isHeaderOf(r.cells, layout))) return found(format);
  }
  // a Binance report with its header in a language we do not read
  refuseOtherLanguage(rows);
  return null;
}

/** Detects the report format by its content; the file name is accepted only for logging parity. */
export function detectFormat(bytes: Uint8Array, _filename?: string, opts: ParseOptions = {}): Detection | null {
  return sniff(bytes, opts).detection;
}
