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
import { abs, add, isZero, readIsin, text } from '../values.ts';
import { RowReader } from './common.ts';

export const TBANK = 'Т-Банк (Тинькофф)';

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
function section(rows: SheetRow[], title: string): { index: Map<string, number>; data: SheetRow[] } | null {
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
  return { index, data };
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

export function parseTbank(sheets: Sheet[]): ParsedReport {
  const sheet = sheets.find((s) => s.rows.some((r) => text(r.cells[0]).startsWith(TRADES))) ?? sheets[0];
  const rows = sheet?.rows ?? [];
  const trades = section(rows, TRADES);
  const need = ['номер сделки', 'дата заключения', 'вид сделки', 'код актива', 'количество', 'валюта расчетов'];
  const missing = need.filter((n) => !trades?.index.has(n));
  if (!trades || missing.length) {
    return refuse(
      'columns',
      `Не найдены обязательные столбцы отчета Т-Банка: ${missing.map((n) => `«${n}»`).join(', ')}. Загрузите брокерский отчет XLSX без изменений.`,
    );
  }
  const assets = new Map<string, { isin: string | null; type: string }>();
  const sec = section(rows, SECURITIES);
  if (sec) {
    const get = getter(sec.index);
    for (const { cells } of sec.data) {
      const code = text(get(cells, 'код актива')).toUpperCase();
      if (code) assets.set(code, { isin: readIsin(get(cells, 'isin')), type: text(get(cells, 'тип')) });
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
    if (!side) r.fail(row, 'Вид сделки', `неизвестный вид сделки «${text(get(cells, 'вид сделки'))}»`);
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
    const asset = assets.get(code);
    const notes = [
      accrued && !isZero(accrued) ? `НКД ${abs(accrued)} ${currency} не включен в сумму.` : '',
      otherFees.length ? `Комиссии в другой валюте: ${otherFees.join(', ')}.` : '',
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
  for (const { row, cells } of cash?.data ?? []) {
    if (cells.some((c) => typeof c === 'number')) {
      skipped.push({
        row,
        reason:
          'Операция с денежными средствами Т-Банка (дивиденды, купоны, пополнения) не прочитана: добавьте доходы через шаблон Декларант',
      });
    }
  }
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
