/**
 * Exante (packages/importers/formats/exante.md): the Trades report (one row per trade) and the Transactions
 * report (a ledger: a trade is an asset leg, a cash leg and a commission leg with the same time and symbol).
 */
import { securityKindOf } from '../classify.ts';
import { corporateKindOfText, splitRatioOf } from '../corporate.ts';
import { refuse } from '../errors.ts';
import type { ParsedReport, ReportEvent } from '../events.ts';
import { type CsvRow, readCsv, sniffDelimiter } from '../read/csv.ts';
import { tx } from '../texts.ts';
import type { SecurityKind } from '../types.ts';
import {
  abs,
  add,
  type DateOrder,
  isNegative,
  isZero,
  mul,
  provenDateOrder,
  readDecimal,
  readIsin,
  text,
} from '../values.ts';
import { isinsFromTickers, notYearEnd, RowReader } from './common.ts';

export const EXANTE = 'Exante';

/**
 * The company that holds an Exante client's money and securities: the bank of section 6.2 and its country.
 * The report does not name it; EXANTE Limited is the Cyprus investment firm (CySEC) that serves clients outside
 * the EU's own entities (formats/exante.md).
 */
export const EXANTE_BANK = { name: 'EXANTE Limited', country: 'CYP' };

/** An option (`SPY.CBOE.30M2023.P350`: underlying, venue, expiry, put/call and strike) or a future (`MES.CME.Z2024`). */
const DERIVATIVE_ID = /^[^.]+\.[A-Z0-9]+\.(?:\d{1,2}[A-Z]\d{4}\.[CP]\d+(?:\.\d+)?|[FGHJKMNQUVXZ]\d{4})$/i;

/**
 * "AAPL.NASDAQ" → ticker AAPL, venue NASDAQ; "EUR/USD.E.FX" is a currency pair; an option or a future keeps
 * its whole id as the ticker (`SPY.CBOE.30M2023.P350` is not the share SPY).
 */
function symbolOf(id: string): { ticker: string; venue: string | null; currency: boolean; derivative: boolean } {
  const dot = id.indexOf('.');
  const derivative = DERIVATIVE_ID.test(id);
  const ticker = derivative ? id : dot < 0 ? id : id.slice(0, dot);
  const venue = dot < 0 ? null : (id.slice(dot + 1).split('.')[0] ?? null);
  return {
    ticker,
    venue: derivative ? venue : dot < 0 ? null : id.slice(dot + 1),
    currency: ticker.includes('/'),
    derivative,
  };
}

const report = (
  format: 'exante_trades_csv' | 'exante_transactions_csv',
  events: ReportEvent[],
  r: RowReader,
  skipped: ParsedReport['skipped'],
  notes: string[] = [],
): ParsedReport => ({
  format,
  family: 'exante',
  broker: EXANTE,
  brokerIsKz: false,
  events,
  errors: r.errors,
  skipped,
  ...(notes.length ? { notes } : {}),
});

const TRADES_COLUMNS = [
  'Time',
  'Account ID',
  'Side',
  'Symbol ID',
  'ISIN',
  'Type',
  'Price',
  'Currency',
  'Quantity',
  'Commission',
  'Commission Currency',
  'P&L',
  'Traded Volume',
  'Order Id',
  'Order pos',
  'Value Date',
  'Unique Transaction Identifier (UTI)',
  'Trade type',
];

const TRANSACTIONS_COLUMNS = [
  'Transaction ID',
  'Account ID',
  'Symbol ID',
  'ISIN',
  'Operation type',
  'When',
  'Sum',
  'Asset',
  'EUR equivalent',
  'Comment',
  'UUID',
  'Parent UUID',
];

/**
 * Header names of the Russian trades export (the «Custom» report downloaded with the Russian interface, seen in
 * the tests of a public parser of it, formats/exante.md) → the English ones.
 */
const RU_NAMES: Record<string, string> = {
  время: 'Time',
  счет: 'Account ID',
  направление: 'Side',
  'id символа': 'Symbol ID',
  тип: 'Type',
  цена: 'Price',
  валюта: 'Currency',
  количество: 'Quantity',
  комиссия: 'Commission',
  'валюта комиссии': 'Commission Currency',
  объем: 'Traded Volume',
  'номер заявки': 'Order Id',
  'позиция заявки': 'Order pos',
  'дата валютирования': 'Value Date',
  uti: 'Unique Transaction Identifier (UTI)',
  'тип сделки': 'Trade type',
};

/**
 * Header names of the exports downloaded with the Polish interface → the English ones: the Trades table
 * («Godzina, Identyfikator konta, Strona, ID symbolu, ISIN, Rodzaj, Cena, Waluta, Ilość, Prowizje, Waluta dla
 * prowizji, Zysk/Strata, Wolumen obrotu, Identyfikator zlecenia, Stan zlecenia, Data wartości, …, Rodzaj handlu»,
 * in the order of the English columns) and the Transactions table («Identyfikator transakcji, Identyfikator konta,
 * ID symbolu, ISIN, Rodzaj operacji, Gdy, Suma, Aktywa, Ekwiwalent EUR, Komentarz, UUID, Rodzic UUID»), as a
 * public Polish parser of the «Custom» report maps them (formats/exante.md). Values stay in English (`TRADE`, `buy`).
 */
const PL_NAMES: Record<string, string> = {
  godzina: 'Time',
  'identyfikator konta': 'Account ID',
  strona: 'Side',
  'id symbolu': 'Symbol ID',
  rodzaj: 'Type',
  cena: 'Price',
  waluta: 'Currency',
  ilość: 'Quantity',
  ilosc: 'Quantity',
  prowizje: 'Commission',
  'waluta dla prowizji': 'Commission Currency',
  'zysk/strata': 'P&L',
  'wolumen obrotu': 'Traded Volume',
  'identyfikator zlecenia': 'Order Id',
  'stan zlecenia': 'Order pos',
  'data wartości': 'Value Date',
  'data wartosci': 'Value Date',
  'rodzaj handlu': 'Trade type',
  'identyfikator transakcji': 'Transaction ID',
  'rodzaj operacji': 'Operation type',
  gdy: 'When',
  suma: 'Sum',
  aktywa: 'Asset',
  'ekwiwalent eur': 'EUR equivalent',
  komentarz: 'Comment',
  'rodzic uuid': 'Parent UUID',
};

const BY_LOWER = new Map(
  [...TRADES_COLUMNS, ...TRANSACTIONS_COLUMNS]
    .map((n) => [n.toLowerCase(), n] as const)
    .concat(Object.entries(RU_NAMES), Object.entries(PL_NAMES)),
);

/**
 * Header cells spelled as in our column lists, whatever their case (the same export has been seen with
 * «Operation type» and «Operation Type») or language (the Russian trades export, the Polish exports).
 */
const canonical = (cells: string[]): string[] =>
  cells.map((c) => {
    const t = c
      .replace(/^\uFEFF/, '')
      .replace(/"/g, '')
      .trim();
    return BY_LOWER.get(t.toLowerCase().replace(/ё/g, 'е')) ?? t;
  });

/** Which export a header row is: the transactions ledger, the trades, or neither. */
function headerKind(cells: string[]): 'transactions' | 'trades' | null {
  const has = (n: string) => cells.includes(n);
  if (!has('Symbol ID')) return null;
  if (has('Operation type') && has('Sum')) return 'transactions';
  if (has('Side') && has('Quantity')) return 'trades';
  return null;
}

/** A line that may open an Exante table in a «Custom» report (its first cell). */
const SECTION_LINE = /^\uFEFF?"?(?:Transaction ID|Time|Время|Identyfikator transakcji|Godzina)"?[\t,;]/gim;

/** The title of the «Custom» report's cash table: «Cash Balance <account>, <date>». */
const CASH_TITLE = /^Cash Balance\s+(.*?)\s*,\s*([^,]+?)$/i;
/** The title of a holdings table: «Stocks & ETFs (<account>, <date>)» (other kinds, e.g. bonds, by the same pattern). */
const HOLDINGS_TITLE = /^([A-Za-z][^(),]*?)\s*\(\s*([^(),]*?)\s*,\s*([^(),]+?)\s*\)$/;
/** Titles of the report's other tables, which hold no money operations and no holdings. */
const OTHER_TITLE = /^(Cash Balance|Stocks|Bonds|Options|Futures|Metrics|General)/i;
/** A cash or holdings table's title line followed by its header (a report with no Trades or Transactions table). */
const HOLDINGS_LINE =
  /^\uFEFF?"?(?:Cash Balance [^\r\n]*|[A-Za-z][^(),\r\n]*\([^(),\r\n]*,[^(),\r\n]*\)"?)\r?\n"?Instrument"?[\t,;]/im;

/**
 * The Exante export a CSV text is, by its first line (the plain Transactions or Trades export, columns in any
 * order) or, for the «Custom» report (a title «Costs and Charges Report…», then the Trades and Transactions
 * tables and others, formats/exante.md), by a header line of its tables; a «Custom» report holding only the
 * cash and holdings tables is read as the transactions format. Null when it is not Exante.
 */
export function exanteFormatOf(text: string): 'exante_transactions_csv' | 'exante_trades_csv' | null {
  const first = text.slice(0, 4096).split(/\r?\n/, 1)[0] ?? '';
  const kindOf = (line: string) => headerKind(canonical(line.split(sniffDelimiter(line))));
  const head = kindOf(first);
  if (head) return head === 'transactions' ? 'exante_transactions_csv' : 'exante_trades_csv';
  let trades = false;
  for (const m of text.matchAll(SECTION_LINE)) {
    const end = text.indexOf('\n', m.index);
    const kind = kindOf(text.slice(m.index, end < 0 ? undefined : end).replace(/\r$/, ''));
    if (kind === 'transactions') return 'exante_transactions_csv';
    if (kind === 'trades') trades = true;
  }
  if (trades) return 'exante_trades_csv';
  return HOLDINGS_LINE.test(text) ? 'exante_transactions_csv' : null;
}

/** One table of the file: its header (canonical names) and its rows. */
interface Table {
  index: Map<string, number>;
  data: CsvRow[];
}

/** A cash table («Cash Balance …») or a holdings table («Stocks & ETFs (…)») of a «Custom» report. */
interface HoldingsTable {
  kind: 'cash' | 'positions';
  /** the title as written, and its first part («Stocks & ETFs») */
  title: string;
  name: string;
  account: string;
  /** the date of the title, as written */
  date: string;
  header: string[] | null;
  data: CsvRow[];
}

interface Tables {
  transactions?: Table;
  trades?: Table;
  holdings: HoldingsTable[];
  /** titles of tables not read: holdings of a layout we do not know, and the others (metrics, account summary) */
  unreadHoldings: string[];
  unread: string[];
}

/** The table a title line opens, when it is a cash or holdings table. */
function holdingsOf(title: string): HoldingsTable | null {
  const cash = CASH_TITLE.exec(title);
  if (cash) {
    return { kind: 'cash', title, name: 'Cash Balance', account: cash[1]!, date: cash[2]!, header: null, data: [] };
  }
  const h = HOLDINGS_TITLE.exec(title);
  if (h) return { kind: 'positions', title, name: h[1]!, account: h[2]!, date: h[3]!, header: null, data: [] };
  return null;
}

const unquoted = (cells: string[]) =>
  cells.map((c) =>
    c
      .replace(/^\uFEFF/, '')
      .replace(/"/g, '')
      .trim(),
  );

/**
 * The tables of an Exante file. A plain export is one table whose header is the first line (a last line shorter
 * than the header is a truncated file). A «Custom» report has a title and several tables, each under a title
 * line (fewer than three filled cells): the Trades and Transactions tables run from their header to the next
 * header or title; a cash table («Cash Balance <account>, <date>») or a holdings table («Stocks & ETFs
 * (<account>, <date>)») has its header on the line under the title and runs to the next title or header; the
 * other tables (metrics per symbol, the account summary «General …») hold no money and are named in a note.
 */
function tablesOf(rows: CsvRow[]): Tables {
  const out: Tables = { holdings: [], unreadHoldings: [], unread: [] };
  let open: { kind: 'transactions' | 'trades'; header: CsvRow; data: CsvRow[] } | null = null;
  let holdings: HoldingsTable | null = null;
  const close = (atEnd: boolean) => {
    if (!open || out[open.kind]) return;
    out[open.kind] = tableOf(open.header, open.data, atEnd);
  };
  // a plain export: every line under the header is a row of it (a short last line is a truncated file)
  const plain = rows[0] !== undefined && headerKind(canonical(rows[0].cells)) !== null;
  for (const row of rows) {
    const kind = headerKind(canonical(row.cells));
    if (kind) {
      close(false);
      holdings = null;
      open = { kind, header: { ...row, cells: canonical(row.cells) }, data: [] };
      continue;
    }
    const filled = row.cells.filter((c) => c !== '').length;
    const title = filled < 3 ? (unquoted(row.cells).find((c) => c !== '') ?? '') : '';
    const opened = title ? holdingsOf(title) : null;
    if (opened || (title && OTHER_TITLE.test(title))) {
      // a section title ends the table above it, even in a file that began as a plain export
      close(false);
      open = null;
      holdings = opened;
      if (opened) out.holdings.push(opened);
      else out.unread.push(title);
      continue;
    }
    if (holdings) {
      if (!holdings.header) holdings.header = unquoted(row.cells);
      else if (filled >= 2) holdings.data.push(row);
      else holdings = null;
      continue;
    }
    if (open && (plain || filled >= 3)) {
      open.data.push(row);
      continue;
    }
    if (open) {
      close(false);
      open = null;
    }
  }
  close(true);
  return out;
}

function tableOf(header: CsvRow, data: CsvRow[], atEnd: boolean): Table {
  const index = new Map<string, number>();
  header.cells.forEach((c, i) => {
    if (c && !index.has(c)) index.set(c, i);
  });
  const last = data[data.length - 1];
  if (atEnd && last && last.cells.length < header.cells.length) {
    refuse('truncated', tx('refuse.truncatedHistory', { row: last.row }));
  }
  return { index, data };
}

function required(t: Table | undefined, names: string[]): Table {
  const missing = names.filter((n) => !t?.index.has(n));
  if (!t || missing.length) {
    refuse('columns', tx('refuse.columnsOf', { broker: EXANTE, columns: missing.map((c) => `«${c}»`).join(', ') }));
  }
  return t!;
}

/**
 * Slashed dates appear when the file was saved again in Excel: «4/19/2023 11:08» (month first, as in a public
 * parser's fixture of such a file). Month first unless a date of the file has a first number above 12.
 */
function dateOrder(rows: CsvRow[]): DateOrder {
  return provenDateOrder(rows.flatMap((r) => r.cells)) === 'dmy' ? 'dmy' : 'mdy';
}

/**
 * An Exante CSV: the plain Transactions or Trades export, or the «Custom» report holding both tables. When
 * the file has a Trades table with trades, the trades are read from it and the `TRADE`, `COMMISSION` and
 * `EXERCISE` lines of its Transactions table are skipped naming it (the same trades twice otherwise). The
 * report's cash and holdings tables become the year-end cash and holdings of section 6.
 */
export function parseExante(text: string): ParsedReport {
  const format = exanteFormatOf(text);
  const headerLine =
    text.split(/\r?\n/).find((l) => headerKind(canonical(l.split(sniffDelimiter(l)))) !== null) ??
    text.split(/\r?\n/).find((l) => /^\uFEFF?"?Instrument"?[\t,;]/.test(l)) ??
    text.split(/\r?\n/, 1)[0]!;
  const rows = readCsv(text, sniffDelimiter(headerLine));
  const tables = tablesOf(rows);
  const r = new RowReader(dateOrder(rows));
  const events: ReportEvent[] = [];
  const skipped: ParsedReport['skipped'] = [];
  const trades = format === 'exante_trades_csv' || tables.trades ? tables.trades : undefined;
  const holdings = tables.holdings.filter((t) => {
    if (holdingsColumns(t)) return true;
    tables.unreadHoldings.push(t.title);
    return false;
  });
  readHoldings(holdings, r, events, skipped, tables.trades);
  if (trades) readTrades(required(trades, ['Time', 'Side', 'Symbol ID', 'Currency', 'Quantity']), r, events, skipped);
  if (format === 'exante_transactions_csv' && (tables.transactions || !holdings.length)) {
    const t = required(tables.transactions, ['Transaction ID', 'Symbol ID', 'Operation type', 'When', 'Sum', 'Asset']);
    readTransactions(t, r, events, skipped, !!trades && trades.data.length > 0, currenciesOf(tables, holdings));
  }
  const notes = [
    ...(tables.unreadHoldings.length ? [tx('note.exanteUnread', { sections: tables.unreadHoldings.join('; ') })] : []),
    ...(tables.unread.length ? [tx('note.exanteOtherTables', { sections: tables.unread.join('; ') })] : []),
  ];
  isinsFromTickers(events);
  return report(format ?? 'exante_transactions_csv', events, r, skipped, notes);
}

/** The columns a cash or holdings table must have to be read, by its header; null when it lacks one. */
function holdingsColumns(t: HoldingsTable): Map<string, number> | null {
  const index = new Map<string, number>();
  (t.header ?? []).forEach((c, i) => {
    if (c && !index.has(c.toLowerCase())) index.set(c.toLowerCase(), i);
  });
  const needed = t.kind === 'cash' ? ['instrument', 'iso', 'value'] : ['instrument', 'qty', 'currency'];
  return needed.every((n) => index.has(n)) ? index : null;
}

/**
 * The currency of each symbol as the file gives it (the Trades table, the holdings tables, the money lines of
 * the Transactions table): the currency of securities transferred in, whose lines are in the security only.
 */
function currenciesOf(tables: Tables, holdings: HoldingsTable[]): Map<string, string> {
  const out = new Map<string, string>();
  const put = (symbol: string, currency: string) => {
    const s = text(symbol).toUpperCase();
    const c = text(currency).toUpperCase();
    if (s && s !== 'NONE' && /^[A-Z]{3}$/.test(c) && !out.has(s)) out.set(s, c);
  };
  const cell = (t: Table, cells: string[], c: string) => cells[t.index.get(c) ?? -1] ?? '';
  for (const { cells } of tables.trades?.data ?? []) {
    put(cell(tables.trades!, cells, 'Symbol ID'), cell(tables.trades!, cells, 'Currency'));
  }
  for (const t of holdings) {
    const index = holdingsColumns(t)!;
    if (t.kind === 'positions')
      for (const { cells } of t.data) put(cells[index.get('instrument')!] ?? '', cells[index.get('currency')!] ?? '');
  }
  const ledger = tables.transactions;
  for (const { cells } of ledger?.data ?? []) put(cell(ledger!, cells, 'Symbol ID'), cell(ledger!, cells, 'Asset'));
  return out;
}

/** A line of a cash or holdings table that sums the others («Total …», or no instrument): not a holding. */
const isTotalLine = (instrument: string) => !instrument || /^(total|итого)/i.test(instrument);

/**
 * The security kind of a holding: the `Type` of its trades in the report's Trades table, a derivative by its id,
 * else by the table (bonds, options, futures) and the name (an ETF or a fund in «Stocks & ETFs»).
 */
function holdingSecurity(
  instrument: string,
  table: string,
  description: string,
  types: Map<string, string>,
): SecurityKind | null {
  const sym = symbolOf(instrument);
  if (sym.derivative) return 'derivative';
  const traded = types.get(instrument.toUpperCase());
  if (traded) return exanteSecurity(traded);
  if (/bond/i.test(table)) return 'bond';
  if (/option|future/i.test(table)) return 'derivative';
  if (/\b(ETF|ETC|ETN|fund|UCITS)\b/i.test(description)) return 'fund';
  if (/stock|share|equit/i.test(table)) return 'share';
  return null;
}

/**
 * The cash and holdings tables of a «Custom» report (formats/exante.md): each line of a cash table
 * (`Instrument, ISO, Value, Locked value, Value in USD`) is the money in one currency, each line of a holdings
 * table (`Instrument, FIGI, Description, Name, QTY, Locked quantity, Avg Price, Price, Currency, …, ISIN`) one
 * security, on the date of the table's title. As for Interactive Brokers (ib-flex.ts statementRows): a negative
 * balance (a margin loan) and a short position are skipped with the reason, a table dated other than 31 December
 * is flagged; a total line and a zero balance are skipped with the reason.
 */
function readHoldings(
  holdings: HoldingsTable[],
  r: RowReader,
  events: ReportEvent[],
  skipped: ParsedReport['skipped'],
  trades: Table | undefined,
): void {
  const types = new Map<string, string>();
  if (trades) {
    const symbol = trades.index.get('Symbol ID') ?? -1;
    const type = trades.index.get('Type') ?? -1;
    for (const { cells } of trades.data) {
      if (cells[symbol] && cells[type]) types.set(cells[symbol]!.toUpperCase(), cells[type]!);
    }
  }
  for (const t of holdings) {
    const index = holdingsColumns(t)!;
    const cell = (cells: string[], c: string) => text(cells[index.get(c) ?? -1]);
    for (const { row, cells } of t.data) {
      const instrument = cell(cells, 'instrument');
      if (isTotalLine(instrument)) {
        skipped.push({ row, reason: tx('skip.exanteHoldingTotal', { table: t.title }) });
        continue;
      }
      const date = r.date(row, t.title, t.date);
      if (t.kind === 'cash') {
        const currency = r.currency(row, 'ISO', cell(cells, 'iso'));
        const amount = r.number(row, 'Value', cell(cells, 'value'));
        if (!date || !currency || !amount) continue;
        if (isZero(amount)) {
          skipped.push({ row, reason: tx('skip.exanteZeroHolding', { name: currency, date }) });
        } else if (isNegative(amount)) {
          // a debit balance is money owed to the broker (a margin loan), not money held on the account
          skipped.push({ row, reason: tx('skip.ibNegativeCash', { amount: abs(amount), currency, date }) });
        } else {
          events.push({
            type: 'cash',
            row,
            identity: [t.account, currency, date],
            date,
            currency,
            amount,
            bank: EXANTE_BANK.name,
            bankCountry: EXANTE_BANK.country,
            flag: notYearEnd(date),
          });
        }
        continue;
      }
      const quantity = r.number(row, 'QTY', cell(cells, 'qty'));
      const currency = r.currency(row, 'Currency', cell(cells, 'currency'));
      if (!date || !quantity || !currency) continue;
      const sym = symbolOf(instrument);
      const description = cell(cells, 'description');
      const name = description || cell(cells, 'name') || sym.ticker;
      if (isZero(quantity)) {
        skipped.push({ row, reason: tx('skip.exanteZeroHolding', { name, date }) });
        continue;
      }
      if (isNegative(quantity)) {
        // a short position (shares sold short, an option written) is an obligation, not property held abroad
        skipped.push({ row, reason: tx('skip.ibShortPosition', { quantity, name, date }) });
        continue;
      }
      const isin = readIsin(cell(cells, 'isin'));
      events.push({
        type: 'position',
        row,
        identity: [t.account, instrument || isin, date],
        date,
        name,
        isin,
        ticker: sym.ticker,
        currency,
        quantity,
        exchange: sym.venue,
        market: 'foreign',
        security: holdingSecurity(instrument, t.name, description, types),
        flag: notYearEnd(date),
      });
    }
  }
}

/** The Trades table: Time, Side, Symbol ID, ISIN, Type, Price, Currency, Quantity, Commission, Commission Currency, Traded Volume, Order Id… */
function readTrades(t: Table, r: RowReader, events: ReportEvent[], skipped: ParsedReport['skipped']): void {
  const { index, data } = t;
  const cell = (cells: string[], c: string) => cells[index.get(c) ?? -1] ?? '';
  for (const { row, cells } of data) {
    const side = cell(cells, 'Side').toLowerCase();
    const quantityText = cell(cells, 'Quantity');
    const volumeText = cell(cells, 'Traded Volume');
    // a line with no quantity and no money (seen with the side «exercise»): nothing bought or sold
    if (isZeroOrBlank(quantityText) && isZeroOrBlank(volumeText)) {
      skipped.push({ row, reason: tx('skip.exanteNoQuantity', { symbol: cell(cells, 'Symbol ID'), side }) });
      continue;
    }
    const date = r.date(row, 'Time', cell(cells, 'Time'));
    const currency = r.currency(row, 'Currency', cell(cells, 'Currency'));
    const quantity = r.number(row, 'Quantity', quantityText);
    const price = r.optionalNumber(row, 'Price', cell(cells, 'Price'));
    const volume = r.optionalNumber(row, 'Traded Volume', volumeText);
    const commission = r.optionalNumber(row, 'Commission', cell(cells, 'Commission'));
    if (side !== 'buy' && side !== 'sell') r.fail(row, 'Side', tx('row.sideUnknown', { value: cell(cells, 'Side') }));
    if (!date || !currency || !quantity || price === false || volume === false || commission === false) continue;
    if (side !== 'buy' && side !== 'sell') continue;
    const total = volume ? abs(volume) : price ? abs(mul(price, quantity)) : null;
    if (!total) {
      r.fail(row, 'Traded Volume', tx('row.noAmountNorPrice'));
      continue;
    }
    const sym = symbolOf(cell(cells, 'Symbol ID'));
    const type = cell(cells, 'Type');
    events.push({
      type: 'trade',
      row,
      identity: [
        cell(cells, 'Unique Transaction Identifier (UTI)') ||
          cell(cells, 'Order Id') + cell(cells, 'Order pos') ||
          cells.join('|'),
      ],
      date,
      side,
      name: sym.ticker,
      isin: readIsin(cell(cells, 'ISIN')),
      ticker: sym.ticker,
      currency,
      quantity: abs(quantity),
      amount: total,
      commission: commission && !isZero(commission) ? abs(commission) : null,
      commissionCurrency: text(cell(cells, 'Commission Currency')).toUpperCase() || null,
      exchange: sym.venue,
      market: 'foreign',
      security: sym.currency ? 'currency' : sym.derivative ? 'derivative' : exanteSecurity(type),
    });
  }
}

const isZeroOrBlank = (v: string) => {
  const n = readDecimal(v);
  return n === undefined || (typeof n === 'string' && isZero(n));
};

function exanteSecurity(type: string) {
  const t = type.toUpperCase();
  if (t === 'STOCK') return 'share' as const;
  if (t === 'BOND') return 'bond' as const;
  if (t === 'FUND' || t === 'ETF') return 'fund' as const;
  if (t === 'OPTION' || t === 'FUTURE' || t === 'CFD') return 'derivative' as const;
  if (t === 'FOREX' || t === 'CURRENCY') return 'currency' as const;
  return t ? securityKindOf(t) : null;
}

interface Leg {
  row: number;
  id: string;
  sum: string;
  asset: string;
  isin: string | null;
  comment: string;
  /** `UUID` and `Parent UUID` when the export has them («None» read as empty) */
  uuid: string;
  parent: string;
  /** a COMMISSION leg */
  fee: boolean;
  /** an EXERCISE leg (an option exercised or expired) */
  exercise: boolean;
}

/** TRADE and COMMISSION legs of one symbol at one `When`, in file order: one trade or several. */
interface LegGroup {
  date: string;
  symbol: string;
  legs: Leg[];
}

/** One trade's legs: the leg in the security (quantity), the leg in a currency (amount), its commissions. */
interface TradeLegs {
  asset?: Leg;
  cash?: Leg;
  fees: Leg[];
}

const ref = (v: string) => {
  const t = text(v);
  return t.toLowerCase() === 'none' ? '' : t;
};

/** The lines of one trade in the ledger: the trade's legs, its commission, an option's exercise. */
const TRADE_OPS = new Set(['TRADE', 'COMMISSION', 'EXERCISE']);

/**
 * Transactions: Transaction ID, Account ID, Symbol ID, ISIN, Operation type, When, Sum, Asset, EUR equivalent,
 * Comment. TRADE (and EXERCISE) legs of one symbol at one time make one trade (the leg in the symbol is the
 * quantity, the leg in a currency the amount), COMMISSION legs at that time its commission; DIVIDEND, US
 * TAX/TAX, INTEREST, COUPON / COUPON PAYMENT, CORPORATE ACTION and STOCK SPLIT are read; securities moved in
 * (a transfer line in the security) ask for their cost (securityTransfer); FUNDING/WITHDRAWAL, AUTOCONVERSION,
 * money transfers, securities moved out, fees, ROLLOVER and BANK CHARGE debits and margin interest are skipped
 * with a reason. With the trades read from the report's Trades table, its trade lines are skipped naming it.
 */
function readTransactions(
  table: Table,
  r: RowReader,
  events: ReportEvent[],
  skipped: ParsedReport['skipped'],
  tradesInTradesTable: boolean,
  currencies: Map<string, string>,
): void {
  const { index, data } = table;
  const cell = (cells: string[], c: string) => cells[index.get(c) ?? -1] ?? '';
  const trades = new Map<string, LegGroup>();
  for (const { row, cells } of data) {
    const op = cell(cells, 'Operation type').toUpperCase();
    if (tradesInTradesTable && TRADE_OPS.has(op)) {
      skipped.push({ row, reason: tx('skip.exanteInTrades', { operation: op }) });
      continue;
    }
    const date = r.date(row, 'When', cell(cells, 'When'));
    const sum = r.number(row, 'Sum', cell(cells, 'Sum'));
    const asset = text(cell(cells, 'Asset')).toUpperCase();
    if (!date || !sum) continue;
    const symbolId = text(cell(cells, 'Symbol ID'));
    const leg: Leg = {
      row,
      id: cell(cells, 'Transaction ID'),
      sum,
      asset,
      isin: readIsin(cell(cells, 'ISIN')),
      comment: text(cell(cells, 'Comment')),
      uuid: ref(cell(cells, 'UUID')),
      parent: ref(cell(cells, 'Parent UUID')),
      fee: op === 'COMMISSION',
      exercise: op === 'EXERCISE',
    };
    if (TRADE_OPS.has(op)) {
      const key = `${cell(cells, 'When')}|${symbolId}`;
      let t = trades.get(key);
      if (!t) {
        t = { date, symbol: symbolId, legs: [] };
        trades.set(key, t);
      }
      t.legs.push(leg);
      continue;
    }
    const sym = symbolOf(symbolId);
    const base = {
      row,
      identity: [leg.id || cells.join('|')],
      date,
      name: sym.ticker || leg.comment,
      isin: leg.isin,
      ticker: sym.ticker || null,
      currency: asset,
      exchange: sym.venue,
      market: 'foreign' as const,
      ...(sym.derivative ? { security: 'derivative' as const } : {}),
    };
    const money = asset.length === 3;
    if (/TRANSFER|FUNDING/.test(op) && asset && asset === symbolId.toUpperCase()) {
      securityTransfer(base, leg, symbolId, currencies, events, skipped);
      continue;
    }
    if (op === 'DIVIDEND') events.push({ type: 'income', ...base, kind: 'dividend', amount: sum });
    else if (op === 'US TAX' || op === 'TAX') events.push({ type: 'tax', ...base, amount: negated(sum), on: null });
    else if (op === 'INTEREST' && isNegative(sum)) {
      // interest charged on a debit balance («margin interest»): a cost of borrowing, not income
      skipped.push({ row, reason: tx('skip.exanteInterestPaid', { amount: abs(sum), currency: asset }) });
    } else if (op === 'INTEREST' || op === 'COUPON' || op === 'COUPON PAYMENT') {
      events.push({
        type: 'income',
        ...base,
        name: op === 'INTEREST' ? leg.comment || base.name : base.name || leg.comment,
        kind: op === 'INTEREST' ? 'interest' : 'coupon',
        amount: sum,
      });
    } else if (op === 'CORPORATE ACTION' || op === 'STOCK SPLIT') {
      const cash = money && !isZero(sum) ? sum : null;
      // «NVDA Stock split 4-for-1»: the ratio is read from «4 for 1»
      const description = leg.comment.replace(/(\d)\s*-\s*for\s*-\s*(\d)/gi, '$1 for $2') || op;
      const kind = op === 'STOCK SPLIT' && !cash ? 'split' : corporateKindOfText(description, cash !== null);
      if (kind) {
        events.push({
          type: 'corporate',
          ...base,
          currency: cash ? asset : 'USD',
          action: kind,
          quantity: cash ? null : sum,
          amount: cash ? abs(cash) : null,
          ratio: kind === 'split' ? splitRatioOf(description) : null,
          description,
        });
      } else if (cash) {
        events.push({
          type: 'unknown',
          ...base,
          amount: cash,
          quantity: null,
          comment: tx('comment.exanteCorporateAsk', { description: leg.comment }),
        });
      } else skipped.push({ row, reason: tx('skip.corporateNoCash', { description: leg.comment }) });
    } else if (
      /FUNDING|WITHDRAWAL|AUTOCONVERSION|EXCHANGE|TRANSFER|FEE|SUBSCRIPTION/.test(op) ||
      // a fee for carrying a position overnight, a bank's charge: money paid, not income nor a trade
      (/ROLLOVER|CHARGE/.test(op) && isNegative(sum))
    ) {
      skipped.push({ row, reason: tx('skip.exanteOperation', { operation: op }) });
    } else {
      events.push({
        type: 'unknown',
        ...base,
        amount: money ? sum : null,
        quantity: money ? null : sum,
        currency: money ? asset : 'USD',
        comment: tx('comment.exanteOperationAsk', { operation: op }),
      });
    }
  }
  const linked = index.has('UUID') && index.has('Parent UUID');
  for (const t of trades.values()) tradesOf(t, r, events, skipped, linked);
}

/**
 * Securities moved to or from the account (`SECURITY TRANSFER`, or `FUNDING/WITHDRAWAL` in the security: «Securities
 * transfer»), a line in the security's own asset. Moved out: skipped with the reason (not a sale). Moved in: the
 * shares come without their purchase, so a later sale would find no cost; as for shares received without a
 * cost in a merger (assemble.ts), the line becomes a purchase of the quantity with status 1 asking for the cost
 * and date of the purchase at the former broker, in the currency the report gives the security elsewhere.
 */
function securityTransfer(
  base: Omit<Extract<ReportEvent, { type: 'trade' }>, 'type' | 'side' | 'quantity' | 'amount' | 'commission'>,
  leg: Leg,
  symbolId: string,
  currencies: Map<string, string>,
  events: ReportEvent[],
  skipped: ParsedReport['skipped'],
): void {
  const quantity = abs(leg.sum);
  const symbol = base.ticker ?? symbolId;
  if (isZero(leg.sum) || isNegative(leg.sum)) {
    skipped.push({ row: leg.row, reason: tx('skip.exanteSecurityTransferOut', { symbol, quantity }) });
    return;
  }
  events.push({
    ...base,
    type: 'trade',
    side: 'buy',
    quantity,
    amount: '0',
    commission: null,
    currency: currencies.get(symbolId.toUpperCase()) ?? 'USD',
    flag: tx('comment.exanteSecurityTransferIn', { symbol, quantity }),
  });
}

const negated = (s: string) => (s.startsWith('-') ? s.slice(1) : `-${s}`);

/** The leg in the security: its `Asset` is the symbol (a currency is a three-letter code). */
const isAssetLeg = (l: Leg, symbol: string) => l.asset === symbol.toUpperCase() || l.asset.length > 3;

/** Both legs are there and go opposite ways (a purchase: + security, − money; a sale the reverse). */
const complete = (t: TradeLegs): boolean =>
  !!t.asset &&
  !!t.cash &&
  (isZero(t.asset.sum) || isZero(t.cash.sum) || t.asset.sum.startsWith('-') !== t.cash.sum.startsWith('-'));

/**
 * Several trades of one symbol in one second (partial fills, a buy and a sale): the legs linked by
 * `Parent UUID` (a leg whose parent is another leg's `UUID`, or legs with one parent) are one trade.
 * Null when the links do not make whole trades.
 */
function byParent(legs: Leg[], symbol: string): TradeLegs[] | null {
  const byUuid = new Map(legs.filter((l) => l.uuid).map((l) => [l.uuid, l]));
  if (!legs.some((l) => l.parent)) return null;
  const keyOf = (l: Leg): string => {
    let at = l;
    for (let hops = 0; at.parent && byUuid.has(at.parent) && hops < legs.length; hops++) at = byUuid.get(at.parent)!;
    return at.parent || at.uuid || `row ${at.row}`;
  };
  const groups = new Map<string, TradeLegs>();
  for (const l of legs) {
    const key = keyOf(l);
    const t = groups.get(key) ?? { fees: [] };
    groups.set(key, t);
    if (l.fee) t.fees.push(l);
    else if (isAssetLeg(l, symbol) ? t.asset : t.cash) return null;
    else if (isAssetLeg(l, symbol)) t.asset = l;
    else t.cash = l;
  }
  const out = [...groups.values()];
  return out.every(complete) ? out : null;
}

/**
 * The same without links, in file order: a trade is a leg in the security, a leg in money and at most one
 * commission leg, in any order; a leg whose place in the current trade is taken begins the next trade.
 * Null when that leaves a trade without both legs or with legs the same way (the order is not trade by
 * trade, e.g. all commissions at the end).
 */
function inFileOrder(legs: Leg[], symbol: string): TradeLegs[] | null {
  const out: TradeLegs[] = [];
  let t: TradeLegs | null = null;
  for (const l of legs) {
    const slot = l.fee ? 'fee' : isAssetLeg(l, symbol) ? 'asset' : 'cash';
    if (!t || (slot === 'fee' ? t.fees.length > 0 : t[slot])) {
      t = { fees: [] };
      out.push(t);
    }
    if (slot === 'fee') t.fees.push(l);
    else t[slot] = l;
  }
  return out.every(complete) ? out : null;
}

function tradesOf(
  t: LegGroup,
  r: RowReader,
  events: ReportEvent[],
  skipped: ParsedReport['skipped'],
  linked: boolean,
): void {
  if (symbolOf(t.symbol).currency) {
    for (const l of t.legs) skipped.push({ row: l.row, reason: tx('skip.fxConversion') });
    return;
  }
  const trade = t.legs.filter((l) => !l.fee);
  // an option exercised or expired with no money at this time (its shares and money are under the stock's
  // symbol): the option's position is closed, nothing is paid for it
  if (t.legs.some((l) => l.exercise) && !trade.some((l) => !isAssetLeg(l, t.symbol))) {
    for (const l of t.legs) {
      skipped.push({ row: l.row, reason: tx('skip.exanteExercise', { symbol: t.symbol, quantity: l.sum }) });
    }
    return;
  }
  const assets = trade.filter((l) => isAssetLeg(l, t.symbol)).length;
  // one trade at this time (the usual case): every commission leg at this time is its commission
  if (assets <= 1 && trade.length - assets <= 1) {
    const asset = trade.find((l) => isAssetLeg(l, t.symbol));
    tradeOf(t, { asset, cash: trade.find((l) => l !== asset), fees: t.legs.filter((l) => l.fee) }, r, events, skipped);
    return;
  }
  const split = (linked && byParent(t.legs, t.symbol)) || inFileOrder(t.legs, t.symbol);
  if (!split) {
    const rows = t.legs.map((l) => l.row);
    r.fail(rows.join(', '), 'Sum', tx('row.exanteLegsAmbiguous', { symbol: t.symbol }));
    return;
  }
  for (const legs of split) tradeOf(t, legs, r, events, skipped);
}

function tradeOf(
  t: LegGroup,
  legs: TradeLegs,
  r: RowReader,
  events: ReportEvent[],
  skipped: ParsedReport['skipped'],
): void {
  const sym = symbolOf(t.symbol);
  const { asset: assetLeg, cash: cashLeg } = legs;
  const trade = [assetLeg, cashLeg].filter((l) => l !== undefined).sort((a, b) => a.row - b.row);
  const label = [...trade, ...legs.fees]
    .map((l) => l.row)
    .sort((a, b) => a - b)
    .join(', ');
  if (!assetLeg || !cashLeg) {
    r.fail(label, 'Sum', tx('row.legMissing'));
    return;
  }
  let commission: string | null = null;
  for (const f of legs.fees) {
    if (f.asset === cashLeg.asset) commission = add(commission ?? '0', abs(f.sum));
    else
      skipped.push({
        row: f.row,
        reason: tx('skip.feeOtherCurrency', { currency: f.asset }),
      });
  }
  const side = assetLeg.sum.startsWith('-') ? 'sell' : 'buy';
  events.push({
    type: 'trade',
    row: label,
    identity: trade.map((l) => l.id),
    date: t.date,
    side,
    name: sym.ticker,
    isin: assetLeg.isin ?? cashLeg.isin,
    ticker: sym.ticker,
    currency: cashLeg.asset,
    quantity: abs(assetLeg.sum),
    amount: abs(cashLeg.sum),
    commission,
    exchange: sym.venue,
    market: 'foreign',
    security: sym.derivative ? 'derivative' : null,
  });
}
