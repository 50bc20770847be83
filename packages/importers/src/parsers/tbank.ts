/**
 * T-Bank (Tinkoff) broker report XLSX, sheet "broker_rep" (packages/importers/formats/tbank.md): section
 * "1.1 Информация о совершенных и исполненных сделках…" gives the trades, "4.1 Информация о ценных бумагах"
 * the ISIN and type of each asset code. Layout from the open-source InvestBook parser
 * (spacious-team/investbook, src/main/java/ru/investbook/parser/tinkoff/TinkoffSecurityTransactionTable.java).
 */
import { securityKindOf } from '../classify.ts';
import { refuse } from '../errors.ts';
import type { ParsedReport, ReportEvent } from '../events.ts';
import type { Cell, Sheet, SheetRow } from '../read/xlsx.ts';
import { tx } from '../texts.ts';
import { abs, add, isZero, readIsin, text } from '../values.ts';
import { RowReader } from './common.ts';

export const TBANK = tx('value.tbankBroker');

const TRADES = '1.1 Информация о совершенных и исполненных сделках';
const SECURITIES = '4.1 Информация о ценных бумагах';
const CASH = '2. Операции с денежными средствами';
/** a section title: "1.2 Информация…", "2. Операции…", "3.1 Движение…" */
const SECTION = /^\d+(\.\d+)*\.?\s+[А-ЯЁ]/;

const norm = (c: Cell | undefined) =>
  text(c instanceof Date ? '' : c)
    .toLowerCase()
    .replace(/\s+/g, ' ');

/** Rows of a section: its header row (column index by name) and the data rows up to the next section. */
function section(
  rows: SheetRow[],
  title: string,
): { index: Map<string, number>; head: SheetRow | undefined; data: SheetRow[] } | null {
  const at = rows.findIndex((r) => text(r.cells.find((c) => text(c) !== '')).startsWith(title));
  if (at < 0) return null;
  const head = rows[at + 1];
  const index = new Map<string, number>();
  head?.cells.forEach((c, i) => {
    const name = norm(c);
    if (name && !index.has(name)) index.set(name, i);
  });
  const data: SheetRow[] = [];
  for (const r of rows.slice(at + 2)) {
    const first = text(r.cells.find((c) => text(c) !== ''));
    if (SECTION.test(first)) break;
    data.push(r);
  }
  return { index, head, data };
}

const getter =
  (index: Map<string, number>) =>
  (cells: Cell[], ...names: string[]): Cell | undefined => {
    for (const n of names) {
      const i = index.get(n);
      if (i !== undefined) return cells[i];
    }
    return undefined;
  };

interface Asset {
  code: string;
  isin: string | null;
  type: string;
}
/** section 4.1: assets by code and by short name (lower case), as the cash lines name them */
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
    const names = x.cells.map(norm);
    return names.includes('операция') && names.includes('сумма зачисления');
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
    const name = norm(c);
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
    const parts = text(get(cells, 'примечание'))
      .split('/')
      .map((x) => x.trim());
    const named = parts.length >= 3 ? parts[1]! : parts[0]!;
    const asset = assets.byName.get(norm(named)) ?? assets.byCode.get(named.toUpperCase());
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

export function parseTbank(sheets: Sheet[]): ParsedReport {
  const sheet = sheets.find((s) => s.rows.some((r) => text(r.cells[0]).startsWith(TRADES))) ?? sheets[0];
  const rows = sheet?.rows ?? [];
  const trades = section(rows, TRADES);
  const need = ['номер сделки', 'дата заключения', 'вид сделки', 'код актива', 'количество', 'валюта расчетов'];
  const missing = need.filter((n) => !trades?.index.has(n));
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
      const name = norm(get(cells, 'сокращенное наименование актива', 'сокращенное наименование'));
      if (name) assets.byName.set(name, asset);
    }
  }
  const get = getter(trades.index);
  const r = new RowReader('dmy', true);
  const events: ReportEvent[] = [];
  const skipped: ParsedReport['skipped'] = [];
  for (const { row, cells } of trades.data) {
    const id = text(get(cells, 'номер сделки'));
    if (!id) continue;
    const sideWord = norm(get(cells, 'вид сделки'));
    const side = sideWord.includes('покупка') ? 'buy' : sideWord.includes('продажа') ? 'sell' : null;
    if (!side) r.fail(row, 'Вид сделки', tx('row.dealKindUnknown', { value: text(get(cells, 'вид сделки')) }));
    const date = r.date(row, 'Дата заключения', get(cells, 'дата заключения'));
    const currency = r.currency(row, 'Валюта расчетов', get(cells, 'валюта расчетов'));
    const quantity = r.number(row, 'Количество', get(cells, 'количество'));
    const amount = r.number(row, 'Сумма (без НКД)', get(cells, 'сумма (без нкд)', 'сумма сделки'));
    const accrued = r.optionalNumber(row, 'НКД', get(cells, 'нкд'));
    const fees: [string, string][] = [
      ['комиссия брокера', 'валюта комиссии'],
      ['комиссия биржи', 'валюта комиссии биржи'],
      ['комиссия клир. центра', 'валюта комиссии клир. центра'],
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
    const code = text(get(cells, 'код актива')).toUpperCase();
    const asset = assets.byCode.get(code);
    const notes = [
      accrued && !isZero(accrued) ? tx('comment.accruedInterest', { amount: abs(accrued), currency }) : '',
      otherFees.length ? tx('comment.feesOtherCurrency', { fees: otherFees.join(', ') }) : '',
    ].filter(Boolean);
    events.push({
      type: 'trade',
      row,
      identity: [id],
      date,
      side,
      name: text(get(cells, 'сокращенное наименование', 'сокращенное наименование актива')) || code,
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
