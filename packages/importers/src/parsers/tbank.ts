/**
 * T-Bank (Tinkoff) broker report XLSX, sheet "broker_rep" (packages/importers/formats/tbank.md): section
 * "1.1 Информация о совершенных и исполненных сделках…" gives the trades, "4.1 Информация о ценных бумагах"
 * the ISIN and type of each asset code. Layout from the open-source InvestBook parser
 * (spacious-team/investbook, src/main/java/ru/investbook/parser/tinkoff/TinkoffSecurityTransactionTable.java).
 */
import { isCurrencyTrade, securityKindOf } from '../classify.ts';
import { refuse } from '../errors.ts';
import type { ParsedReport, ReportEvent } from '../events.ts';
import type { Cell, Sheet, SheetRow } from '../read/xlsx.ts';
import { tx } from '../texts.ts';
import { abs, add, isZero, looseKey, readDate, readIsin, text } from '../values.ts';
import { RowReader } from './common.ts';
import { isTbankSheets, parseTbankSheets, SHEETS_DETECT_WORDS } from './tbank-sheets.ts';

export const TBANK = tx('value.tbankBroker');

const TRADES = '1.1 Информация о совершенных и исполненных сделках';
/** concluded in the period, settled after its end: read like 1.1, with a note */
const UNSETTLED = '1.2 Информация о неисполненных сделках';
const SECURITIES = '4.1 Информация о ценных бумагах';
const CASH = '2. Операции с денежными средствами';
/** a section title: "1.2 Информация…", "2. Операции…", "3.1 Движение…" */
const SECTION = /^\d+(\.\d+)*\.?\s+[А-ЯЁ]/;

/**
 * A header name or title as compared: lower case, «ё» as «е», no whitespace at all. The real report wraps
 * its header cells inside words with a line break (`Дата заклю\nчения`, `Цена за едини\nцу`, `Валю\nта
 * цены`), so the words are compared without it.
 */
const key = (c: Cell | undefined) => looseKey(c instanceof Date ? '' : c);

/** the keys of the names the parser asks for, computed once per name (the getter runs per cell) */
const KEYS = new Map<string, string>();
const keyOf = (name: string) => {
  let k = KEYS.get(name);
  if (k === undefined) {
    k = key(name);
    KEYS.set(name, k);
  }
  return k;
};

/** the first non-blank text of a row */
const leadText = (r: SheetRow) => text(r.cells.find((c) => text(c) !== ''));

/** The trades table's header words the detection looks for in the shared strings (src/detect.ts). */
const DETECT_WORDS = ['Номер сделки', 'Дата заключения', 'Вид сделки', 'Код актива'];
/** whitespace inside a shared string: a blank, a line break, or one written as `&#10;` or `_x000D_` */
const XML_SPACE = '(?:\\s|&#(?:9|10|13|x9|xA|xa|xD|xd);|_x000[9ADad]_)*';
const LOOSE_WORDS = DETECT_WORDS.map(
  (w) => new RegExp(`>${XML_SPACE}${[...w.replace(/\s+/g, '')].join(XML_SPACE)}${XML_SPACE}<`),
);

/**
 * Whether the shared strings (and first sheet) of an xlsx are a T-Bank broker report: the trades header's
 * words as whole cells, as written (the fast path), else the title of section 1.1 (the parser then names any
 * missing column itself), else the header's words with whitespace anywhere inside them (`Дата заклю\nчения`).
 * A file of another format pays two more scans only (one substring, one regular expression that fails at
 * its first word).
 */
export function looksLikeTbank(xml: string): boolean {
  return (
    DETECT_WORDS.every((w) => xml.includes(`>${w}<`)) ||
    xml.includes(TRADES) ||
    LOOSE_WORDS.every((re) => re.test(xml)) ||
    // the export in several sheets («Завершенные сделки», …: tbank-sheets.ts)
    SHEETS_DETECT_WORDS.every((w) => xml.includes(`>${w}<`))
  );
}

interface Section {
  index: Map<string, number>;
  head: SheetRow | undefined;
  data: SheetRow[];
}

/**
 * Rows of a section: its header row (column index by key) and the data rows up to the next section. A page
 * break may repeat the section's title and its header inside the table: both are left out.
 */
function section(rows: SheetRow[], title: string): Section | null {
  const want = key(title);
  const at = rows.findIndex((r) => key(leadText(r)).startsWith(want));
  if (at < 0) return null;
  const head = rows[at + 1];
  const index = new Map<string, number>();
  head?.cells.forEach((c, i) => {
    const name = key(c);
    if (name && !index.has(name)) index.set(name, i);
  });
  const headKeys = head ? rowKeys(head) : '';
  const headFirst = head ? key(leadText(head)) : '';
  const data: SheetRow[] = [];
  for (const r of rows.slice(at + 2)) {
    const first = leadText(r);
    const k = key(first);
    if (k.startsWith(want)) continue;
    if (SECTION.test(first)) break;
    // the whole row is compared only when it starts like the header (`Номер сделки`)
    if (headFirst && k === headFirst && rowKeys(r) === headKeys) continue;
    data.push(r);
  }
  return { index, head, data };
}

/** a row's non-blank cells as keys, to compare a row with the header */
const rowKeys = (r: SheetRow) => r.cells.map(key).filter(Boolean).join('\u001f');

const getter =
  (index: Map<string, number>) =>
  (cells: Cell[], ...names: string[]): Cell | undefined => {
    for (const n of names) {
      const i = index.get(keyOf(n));
      if (i !== undefined) return cells[i];
    }
    return undefined;
  };

interface Asset {
  code: string;
  isin: string | null;
  type: string;
}
/** section 4.1: assets by code and by short name (as a key), as the cash lines name them */
interface Assets {
  byCode: Map<string, Asset>;
  byName: Map<string, Asset>;
}

/** What a cash line of section 2 is, by its `Операция` (lower case). */
function cashKind(
  op: string,
):
  | { type: 'income'; kind: 'dividend' | 'coupon' }
  | { type: 'tax'; on: 'dividend' | 'coupon' }
  | { type: 'repayment' }
  | null {
  if (op.includes('налог') && op.includes('дивиденд')) return { type: 'tax', on: 'dividend' };
  if (op.includes('налог') && op.includes('купон')) return { type: 'tax', on: 'coupon' };
  if (op.includes('выплата') && op.includes('дивиденд')) return { type: 'income', kind: 'dividend' };
  if (op.includes('выплата') && op.includes('купон')) return { type: 'income', kind: 'coupon' };
  if (op.includes('погашение') || op.includes('амортизация')) return { type: 'repayment' };
  return null;
}

/**
 * Section 2 «Операции с денежными средствами»: a per-currency summary, then per currency a row with the
 * currency code alone and the operations (`Дата, Время совершения, Дата исполнения, Операция, Сумма
 * зачисления, Сумма списания, Примечание`). Dividends, coupons and the tax withheld from them are read (the
 * note names the security: "Apple/ 10 шт." or "RU0009029540/ Сбербанк/ 100 шт."); bond repayments become
 * «Погашение облигации» asking for the cost; every other money line is skipped with its reason.
 */
function cashOperations(
  data: SheetRow[],
  assets: Assets,
  r: RowReader,
  events: ReportEvent[],
  skipped: ParsedReport['skipped'],
): void {
  const at = data.findIndex((x) => {
    const names = x.cells.map(key);
    return names.includes('операция') && names.includes('суммазачисления');
  });
  if (at < 0) {
    for (const { row, cells } of data) {
      if (cells.some((c) => typeof c === 'number')) {
        skipped.push({
          row,
          reason: tx('skip.tbankNoHeader'),
        });
      }
    }
    return;
  }
  const index = new Map<string, number>();
  data[at]!.cells.forEach((c, i) => {
    const name = key(c);
    if (name && !index.has(name)) index.set(name, i);
  });
  const get = getter(index);
  const first = index.get('дата') ?? 0;
  let currency: string | null = null;
  for (const { row, cells } of data.slice(at + 1)) {
    const dateCell = get(cells, 'дата исполнения', 'дата');
    const lead = text(cells[first]).toUpperCase();
    if (!text(dateCell) && /^[A-Z]{3}$/.test(lead)) {
      currency = lead;
      continue;
    }
    const opText = text(get(cells, 'операция'));
    const op = opText.toLowerCase();
    if (!op || op === 'операция') continue;
    const inAmount = r.optionalNumber(row, 'Сумма зачисления', get(cells, 'сумма зачисления'));
    const outAmount = r.optionalNumber(row, 'Сумма списания', get(cells, 'сумма списания'));
    if (inAmount === false || outAmount === false) continue;
    const money = inAmount && !isZero(inAmount) ? inAmount : outAmount && !isZero(outAmount) ? outAmount : null;
    if (!money) continue;
    const note = text(get(cells, 'примечание'));
    // a payment announced, not made yet: «План;Walmart-ао/ 10 шт.»
    if (/^план\s*;/i.test(note)) {
      skipped.push({ row, reason: tx('skip.tbankPlanned', { operation: opText }) });
      continue;
    }
    const kind = cashKind(op);
    if (!kind) {
      skipped.push({ row, reason: tx('skip.tbankOperation', { operation: opText }) });
      continue;
    }
    const date = r.date(row, 'Дата исполнения', dateCell);
    if (!date) continue;
    if (!currency) {
      r.fail(row, 'Валюта', tx('row.noCurrencyRow'));
      continue;
    }
    // "Apple/ 10 шт." or "RU0009029540/ Сбербанк/ 100 шт."
    const parts = note.split('/').map((x) => x.trim());
    const named = parts.length >= 3 ? parts[1]! : parts[0]!;
    const asset = assets.byName.get(key(named)) ?? assets.byCode.get(named.toUpperCase());
    const isin = (parts.length >= 3 ? readIsin(parts[0]) : null) ?? asset?.isin ?? readIsin(named);
    const count = /([\d.,]+)\s*шт/.exec(parts[parts.length - 1] ?? '')?.[1]?.replace(',', '.') ?? null;
    const base = {
      row,
      identity: [date, opText, currency, money, named],
      date,
      name: named || asset?.code || tx('value.notStated'),
      isin,
      ticker: asset?.code ?? null,
      currency,
      market: 'foreign' as const,
      security: asset?.type ? securityKindOf(asset.type) : null,
    };
    if (kind.type === 'income')
      events.push({ type: 'income', ...base, kind: kind.kind, amount: abs(money), quantity: count });
    else if (kind.type === 'tax') {
      // a tax line with money credited is a refund of the tax
      const refund = inAmount && !isZero(inAmount);
      events.push({ type: 'tax', ...base, amount: refund ? `-${abs(money)}` : abs(money), on: kind.on });
    } else {
      events.push({
        type: 'corporate',
        ...base,
        action: 'maturity',
        quantity: count,
        amount: abs(money),
        cost: null,
        description: opText,
        security: 'bond',
      });
    }
  }
}

/** The columns a trades table must have (1.1, and 1.2 when it has trades), as the report names them. */
const NEED = ['Номер сделки', 'Дата заключения', 'Вид сделки', 'Код актива', 'Количество', 'Валюта расчетов'];

/**
 * The trades of section 1.1 or 1.2 (same columns). Skipped with their reasons: REPO legs (`РЕПО 1 Продажа`,
 * `РЕПО 2 Покупка`), currency bought or sold on the exchange, and in 1.2 a trade number already read (a trade
 * that 1.1 also lists). A trade of 1.2 is concluded in the period and settled after its end: imported with a
 * note.
 */
function readTrades(
  sec: Section,
  unsettled: boolean,
  assets: Assets,
  r: RowReader,
  seen: Set<string>,
  events: ReportEvent[],
  skipped: ParsedReport['skipped'],
): void {
  const get = getter(sec.index);
  for (const { row, cells } of sec.data) {
    const id = text(get(cells, 'номер сделки'));
    // a line of text alone («Сделки отсутствуют») is not a trade
    if (!id || cells.filter((c) => text(c) !== '').length < 2) continue;
    const kindText = text(get(cells, 'вид сделки'));
    const sideWord = key(kindText);
    const code = text(get(cells, 'код актива')).toUpperCase();
    const name = text(get(cells, 'сокращенное наименование', 'сокращенное наименование актива')) || code;
    if (unsettled && seen.has(id)) {
      skipped.push({ row, reason: tx('skip.tbankTradeRepeated', { id }) });
      continue;
    }
    seen.add(id);
    if (sideWord.includes('репо')) {
      skipped.push({ row, reason: tx('skip.tbankRepo', { kind: kindText, name }) });
      continue;
    }
    if (isCurrencyTrade(code, name)) {
      skipped.push({ row, reason: tx('skip.tbankCurrency', { name }) });
      continue;
    }
    const side = sideWord.includes('покупка') ? 'buy' : sideWord.includes('продажа') ? 'sell' : null;
    if (!side) r.fail(row, 'Вид сделки', tx('row.dealKindUnknown', { value: kindText }));
    const date = r.date(row, 'Дата заключения', get(cells, 'дата заключения'));
    const currency = r.currency(row, 'Валюта расчетов', get(cells, 'валюта расчетов'));
    const quantity = r.number(row, 'Количество', get(cells, 'количество'));
    const amount = r.number(row, 'Сумма (без НКД)', get(cells, 'сумма (без нкд)', 'сумма сделки'));
    const accrued = r.optionalNumber(row, 'НКД', get(cells, 'нкд'));
    const fees: [string, string][] = [
      ['Комиссия брокера', 'валюта комиссии'],
      ['Комиссия биржи', 'валюта комиссии биржи'],
      ['Комиссия клир. центра', 'валюта комиссии клир. центра'],
    ].flatMap(([f, c]) => {
      const v = r.optionalNumber(row, f!, get(cells, f!));
      return v && !isZero(v)
        ? [[abs(v), text(get(cells, c!)).toUpperCase() || (currency ?? '')] as [string, string]]
        : [];
    });
    if (!side || !date || !currency || !quantity || !amount || accrued === false) continue;
    const feeCurrency = fees[0]?.[1] ?? currency;
    const commission = fees
      .filter(([, c]) => c === feeCurrency)
      .reduce<string | null>((s, [v]) => add(s ?? '0', v), null);
    const otherFees = fees.filter(([, c]) => c !== feeCurrency).map(([v, c]) => `${v} ${c}`);
    const asset = assets.byCode.get(code);
    const settled = get(cells, 'дата расчетов', 'плановая дата расчетов', 'плановая дата исполнения');
    const notes = [
      unsettled
        ? tx('comment.tbankUnsettled', {
            date: readDate(settled, 'dmy') ?? tx('value.notStated'),
          })
        : '',
      accrued && !isZero(accrued) ? tx('comment.accruedInterest', { amount: abs(accrued), currency }) : '',
      otherFees.length ? tx('comment.feesOtherCurrency', { fees: otherFees.join(', ') }) : '',
    ].filter(Boolean);
    events.push({
      type: 'trade',
      row,
      // the trade number alone: the same trade in 1.2 of one report and 1.1 of the next gets the same key
      identity: [id],
      date,
      side,
      name,
      isin: asset?.isin ?? readIsin(code),
      ticker: code || null,
      currency,
      quantity: abs(quantity),
      amount: abs(amount),
      commission,
      commissionCurrency: commission ? feeCurrency : null,
      exchange: text(get(cells, 'торговая площадка')) || null,
      market: 'foreign',
      security: asset?.type ? securityKindOf(asset.type) : null,
      note: notes.join(' ') || null,
    });
  }
}

export function parseTbank(sheets: Sheet[], filename?: string): ParsedReport {
  const want = key(TRADES);
  const report = sheets.find((s) => s.rows.some((r) => key(leadText(r)).startsWith(want)));
  // no section 1.1 anywhere: the export in several sheets, when it is one
  if (!report && isTbankSheets(sheets)) return parseTbankSheets(sheets, filename);
  const sheet = report ?? sheets[0];
  const rows = sheet?.rows ?? [];
  const trades = section(rows, TRADES);
  const missing = NEED.filter((n) => !trades?.index.has(keyOf(n)));
  if (!trades || missing.length) {
    return refuse('columns', tx('refuse.tbankColumns', { columns: missing.map((n) => `«${n}»`).join(', ') }));
  }
  const assets: Assets = { byCode: new Map(), byName: new Map() };
  const sec = section(rows, SECURITIES);
  if (sec) {
    const get = getter(sec.index);
    for (const { cells } of sec.data) {
      const code = text(get(cells, 'код актива')).toUpperCase();
      if (!code) continue;
      const asset = { code, isin: readIsin(get(cells, 'isin')), type: text(get(cells, 'тип')) };
      assets.byCode.set(code, asset);
      const name = key(get(cells, 'сокращенное наименование актива', 'сокращенное наименование'));
      if (name) assets.byName.set(name, asset);
    }
  }
  const r = new RowReader('dmy', true);
  const events: ReportEvent[] = [];
  const skipped: ParsedReport['skipped'] = [];
  const seen = new Set<string>();
  readTrades(trades, false, assets, r, seen, events, skipped);
  const open = section(rows, UNSETTLED);
  if (open) {
    const lacking = NEED.filter((n) => !open.index.has(keyOf(n)));
    if (!lacking.length) readTrades(open, true, assets, r, seen, events, skipped);
    else {
      // «Сделки отсутствуют», or a table this parser cannot read: its trade lines are listed, not dropped
      const columns = lacking.map((n) => `«${n}»`).join(', ');
      for (const x of open.head ? [open.head, ...open.data] : open.data) {
        if (x.cells.some((c) => typeof c === 'number')) {
          skipped.push({ row: x.row, reason: tx('skip.tbankUnsettledUnread', { columns }) });
        }
      }
    }
  }
  const cash = section(rows, CASH);
  // the operations' header may be the section's first row (no summary table before it)
  if (cash) cashOperations(cash.head ? [cash.head, ...cash.data] : cash.data, assets, r, events, skipped);
  // "Отчет о сделках и операциях за период 01.01.2024 - 31.12.2024"
  const title = rows.map((x) => text(x.cells[0])).find((t) => t.startsWith('Отчет о сделках и операциях за период'));
  const m = /(\d{2}\.\d{2}\.\d{4})\s*-\s*(\d{2}\.\d{2}\.\d{4})/.exec(title ?? '');
  return {
    format: 'tbank_xlsx',
    family: 'tbank',
    broker: TBANK,
    brokerIsKz: false,
    events,
    errors: r.errors,
    skipped,
    ...(m ? { period: { from: m[1]!, to: m[2]! } } : {}),
  };
}
