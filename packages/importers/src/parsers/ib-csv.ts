/**
 * Interactive Brokers Activity Statement CSV (packages/importers/formats/ib-activity-csv.md): Trades, Dividends,
 * Withholding Tax, Interest, Corporate Actions, and the holdings at the statement's end (Open Positions, Cash Report).
 */

import { corporateKindOfText, renamedFields, splitGroupOf, splitRatioOf, splitRenames } from '../corporate.ts';
import { refuse } from '../errors.ts';
import type { ParsedReport, ReportEvent } from '../events.ts';
import { type CsvRow, readCsv } from '../read/csv.ts';
import { tx } from '../texts.ts';
import type { SecurityKind } from '../types.ts';
import { abs, isZero, readDate, readIsin, text } from '../values.ts';
import { RowReader } from './common.ts';
import { IB_BANK, IB_BROKER, ibSecurity, isinInText, negate, notYearEnd, withheldOn } from './ib-flex.ts';

type Rec = Record<string, string>;

/** A row of "Financial Instrument Information", by each of its symbols. */
interface Instrument {
  /** its Asset Category: Stocks, Bonds… */
  category: string;
  isin: string | null;
  name: string;
  /** COMMON, ETF, ADR, REIT… */
  type: string;
  exchange: string;
}

interface Section {
  header: string[];
  row: number;
  rec: Rec;
}

const CATEGORY: Record<string, SecurityKind> = {
  stocks: 'share',
  bonds: 'bond',
  forex: 'currency',
  crypto: 'digital_asset',
  'equity and index options': 'derivative',
  futures: 'derivative',
  'options on futures': 'derivative',
  warrants: 'derivative',
  cfds: 'derivative',
  funds: 'fund',
};

/** Our security kind of an IB asset category; the instrument's Type refines it as Flex's subCategory does (ETF, ADR). */
function securityOf(category: string, info: Instrument | undefined): SecurityKind | null {
  const type = text(info?.type).toUpperCase();
  if (type === 'ETF' || type === 'ADR' || type === 'GDR') return ibSecurity(category, type);
  return CATEGORY[category.toLowerCase()] ?? ibSecurity(category);
}

const REQUIRED: Record<string, string[]> = {
  Trades: ['Currency', 'Symbol', 'Date/Time', 'Quantity', 'Proceeds'],
  Dividends: ['Currency', 'Date', 'Description', 'Amount'],
  'Withholding Tax': ['Currency', 'Date', 'Description', 'Amount'],
  Interest: ['Currency', 'Date', 'Description', 'Amount'],
};

/**
 * The "Corporate Actions" section (formats/corporate-actions.md): the description names the action
 * ("Split 4 for 1", "Merged(Acquisition)", "Tendered", "Matured", "Spinoff") and the security.
 */
function corporateActions(
  list: { row: number; rec: Record<string, string> }[],
  instruments: Map<string, Instrument>,
  r: RowReader,
  events: ReportEvent[],
  skipped: ParsedReport['skipped'],
): void {
  const rows = list.flatMap(({ row, rec }) => {
    if (/^Total/i.test(text(rec['Asset Category'])) || /^Total/i.test(text(rec.Currency))) return [];
    const description = text(rec.Description);
    const date = r.date(row, 'Date/Time', rec['Date/Time'] || rec['Report Date']);
    const currency = r.currency(row, 'Currency', rec.Currency);
    const quantity = r.optionalNumber(row, 'Quantity', rec.Quantity);
    const proceeds = r.optionalNumber(row, 'Proceeds', rec.Proceeds);
    if (!date || !currency || quantity === false || proceeds === false) return [];
    const cash = proceeds && !isZero(proceeds) ? abs(proceeds) : null;
    const kind = corporateKindOfText(description, cash !== null);
    return [{ row, rec, description, date, currency, quantity, cash, kind }];
  });
  // a split that gives a new ISIN keeps both rows (corporate.ts splitRenames): the new shares take the old cost
  const splitRows = rows.filter((x) => x.kind === 'split');
  const renames = new Map(
    splitRenames(
      splitRows.map((x) => ({
        group: splitGroupOf(x.date, x.description),
        own: null,
        description: x.description,
        quantity: x.quantity,
      })),
    ).map((v, i) => [splitRows[i]!, v]),
  );
  const splits = new Set<string>();
  for (const x of rows) {
    const { row, rec, description, date, currency, quantity, cash, kind } = x;
    const m = DESCRIPTION_ID.exec(description);
    const symbol = m?.[1] ?? null;
    const info = symbol ? instruments.get(symbol) : undefined;
    const base = {
      row,
      identity: ['corporate', date, description, quantity],
      date,
      name: info?.name || symbol || description,
      isin: readIsin(m?.[2]) ?? info?.isin ?? isinInText(description),
      ticker: symbol,
      currency,
      market: 'foreign' as const,
      security: CATEGORY[text(rec['Asset Category']).toLowerCase()] ?? ibSecurity(text(rec['Asset Category'])),
    };
    if (!kind) {
      if (!cash) skipped.push({ row, reason: tx('skip.corporateNoCash', { description }) });
      else
        events.push({
          type: 'unknown',
          ...base,
          amount: cash,
          quantity,
          comment: tx('comment.corporateAsk', { description }),
        });
      continue;
    }
    const renamed = renames.get(x) ?? null;
    if (kind === 'split' && !renamed) {
      const key = `${date}|${splitRatioOf(description)}|${symbol}`;
      if (splits.has(key)) {
        skipped.push({ row, reason: tx('skip.splitSecondRow', { description }) });
        continue;
      }
      splits.add(key);
    }
    events.push({
      type: 'corporate',
      ...base,
      action: kind,
      quantity,
      amount: cash,
      ratio: kind === 'split' ? splitRatioOf(description) : null,
      description,
      // a split into a new ISIN: the side's own ISIN, both ISINs, the ratio of the pair
      ...(renamed ? renamedFields(renamed) : {}),
    });
  }
}

/** Sections read, and sections with no money rows of their own (research/formats.md §1.2). */
const KNOWN_SECTIONS = new Set([
  'Statement',
  'Account Information',
  'Net Asset Value',
  'Change in NAV',
  'Mark-to-Market Performance Summary',
  'Realized & Unrealized Performance Summary',
  'Cash Report',
  'Open Positions',
  'Forex Balances',
  'Trades',
  'Corporate Actions',
  'Deposits & Withdrawals',
  'Fees',
  'Transfers',
  'Dividends',
  'Withholding Tax',
  'Interest',
  'Interest Accruals',
  'Change in Dividend Accruals',
  'Financial Instrument Information',
  'Codes',
  'Notes/Legal Notes',
  'Base Currency Exchange Rate',
]);

/** "AAPL(US0378331005) Cash Dividend…" → symbol and id (ISIN, CUSIP or conid). */
const DESCRIPTION_ID = /^(\S+?) ?\(([A-Z0-9]+)\)/;

export function parseIbCsv(csv: string): ParsedReport {
  const lines = readCsv(csv, ',');
  const rows = collect(lines);
  const r = new RowReader('mdy');
  const events: ReportEvent[] = [];
  const skipped: ParsedReport['skipped'] = [];

  const instruments = new Map<string, Instrument>();
  for (const s of rows.get('Financial Instrument Information') ?? []) {
    const info: Instrument = {
      category: text(s.rec['Asset Category']),
      isin: readIsin(s.rec['Security ID']),
      name: text(s.rec.Description),
      type: text(s.rec.Type),
      exchange: text(s.rec['Listing Exch']),
    };
    for (const sym of text(s.rec.Symbol).split(',')) {
      if (sym.trim()) instruments.set(sym.trim(), info);
    }
  }

  const trades = rows.get('Trades') ?? [];
  const hasOrders = trades.some((t) => t.rec.DataDiscriminator === 'Order');
  for (const { row, rec } of trades) {
    const disc = rec.DataDiscriminator ?? '';
    if (disc === 'ClosedLot') continue;
    if (hasOrders && disc !== 'Order') {
      skipped.push({ row, reason: tx('skip.executionRow') });
      continue;
    }
    const date = r.date(row, 'Date/Time', rec['Date/Time']);
    const quantity = r.number(row, 'Quantity', rec.Quantity);
    const proceeds = r.number(row, 'Proceeds', rec.Proceeds);
    const currency = r.currency(row, 'Currency', rec.Currency);
    const commissionKey = Object.keys(rec).find((k) => k === 'Comm/Fee' || k.startsWith('Comm in '));
    const commission = commissionKey ? r.optionalNumber(row, commissionKey, rec[commissionKey]) : null;
    const basis = r.optionalNumber(row, 'Basis', rec.Basis);
    if (!date || !quantity || !proceeds || !currency || commission === false || basis === false) continue;
    const symbol = text(rec.Symbol);
    const info = instruments.get(symbol);
    const side = quantity.startsWith('-') ? 'sell' : 'buy';
    events.push({
      type: 'trade',
      row,
      identity: [symbol, rec['Date/Time'], quantity, rec['T. Price'], proceeds],
      date,
      side,
      name: info?.name || symbol,
      isin: info?.isin ?? null,
      ticker: symbol,
      currency,
      quantity: abs(quantity),
      amount: abs(proceeds),
      commission: commission && !isZero(commission) ? abs(commission) : null,
      cost: side === 'sell' && basis && !isZero(basis) ? abs(basis) : null,
      market: 'foreign',
      security: securityOf(text(rec['Asset Category']), info),
      flag: /(^|;)Ca(;|$)/.test(text(rec.Code)) ? tx('comment.cancelledTrade') : null,
    });
  }

  corporateActions(rows.get('Corporate Actions') ?? [], instruments, r, events, skipped);
  for (const section of ['Deposits & Withdrawals', 'Fees', 'Transfers'] as const) {
    for (const { row, rec } of rows.get(section) ?? []) {
      if (/^Total/i.test(text(rec.Currency)) || /^Total/i.test(Object.values(rec).map(text).join(' '))) continue;
      skipped.push({ row, reason: tx('skip.section', { section }) });
    }
  }

  for (const section of ['Dividends', 'Withholding Tax', 'Interest'] as const) {
    for (const { row, rec } of rows.get(section) ?? []) {
      if (/^Total/i.test(text(rec.Currency))) continue;
      const description = text(rec.Description);
      const date = r.date(row, 'Date', rec.Date);
      const amount = r.number(row, 'Amount', rec.Amount);
      const currency = r.currency(row, 'Currency', rec.Currency);
      if (!date || !amount || !currency) continue;
      const m = DESCRIPTION_ID.exec(description);
      // some exports have a Symbol column ("Cash Dividend USD 0.22 per Share" then names no security)
      const hasSymbol = 'Symbol' in rec;
      const symbol = text(rec.Symbol) || m?.[1] || null;
      const info = symbol ? instruments.get(symbol) : undefined;
      const base = {
        row,
        identity: hasSymbol
          ? [section, date, symbol, description, amount, currency]
          : [section, date, description, amount, currency],
        date,
        name: symbol ?? description,
        isin: readIsin(m?.[2]) ?? info?.isin ?? isinInText(description),
        ticker: symbol,
        currency,
        market: 'foreign' as const,
        security: info ? securityOf(info.category, info) : null,
      };
      if (section === 'Withholding Tax') {
        events.push({ type: 'tax', ...base, amount: negate(amount), on: withheldOn(description) });
      } else if (section === 'Dividends') {
        events.push({ type: 'income', ...base, kind: 'dividend', amount });
      } else {
        const kind = /bond|coupon/i.test(description) ? 'coupon' : 'interest';
        events.push({ type: 'income', ...base, name: kind === 'interest' ? description : base.name, kind, amount });
      }
    }
  }

  const period = statementPeriod(rows.get('Statement') ?? []);
  const held = holdings(rows, instruments, period, r, events);

  if (!rows.has('Trades') && !rows.has('Dividends') && !rows.has('Interest') && !rows.has('Withholding Tax') && !held) {
    skipped.push({ row: 1, reason: tx('skip.noSections') });
  }
  const unread = [...rows.keys()].filter((name) => !KNOWN_SECTIONS.has(name));
  const notes = unread.length ? [tx('note.ibCsvUnread', { sections: unread.join(', ') })] : [];
  // holdings are those of the statement's last day: not the year end of the declaration when it ends earlier
  if (held && period && !period.to.startsWith('31.12.'))
    notes.push(tx('note.ibCsvHoldingsNotYearEnd', { date: period.to }));
  const report: ParsedReport = {
    notes,
    format: 'ib_activity_csv',
    family: 'ib_csv',
    broker: IB_BROKER,
    brokerIsKz: false,
    events,
    errors: r.errors,
    skipped,
  };
  if (period) report.period = period;
  return report;
}

/**
 * The holdings at the statement's end, as Flex reads OpenPosition and CashReportCurrency (ib-flex.ts
 * statementRows): the `Summary` rows of "Open Positions" (`Lot` rows repeat them by purchase; forex lines are
 * cash) and the "Ending Cash" row of each currency of "Cash Report" (not the "Base Currency Summary" total).
 * The CSV has no date on these rows: they are on the last day of the statement's period. Returns how many
 * holdings were read.
 */
function holdings(
  rows: Map<string, Section[]>,
  instruments: Map<string, Instrument>,
  period: { from: string; to: string } | null,
  r: RowReader,
  events: ReportEvent[],
): number {
  let n = 0;
  // holdings of a statement that ends before 31 December are not the year-end ones: each waits to be checked
  const flag = period ? notYearEnd(period.to) : null;
  const positions = rows.get('Open Positions') ?? [];
  const hasSummary = positions.some((p) => p.rec.DataDiscriminator === 'Summary');
  for (const { row, rec } of positions) {
    if (hasSummary && rec.DataDiscriminator !== 'Summary') continue;
    const category = text(rec['Asset Category']);
    if (/^Total/i.test(category) || /^Total/i.test(text(rec.Currency))) continue;
    const symbol = text(rec.Symbol);
    const info = instruments.get(symbol);
    const security = securityOf(category, info);
    if (security === 'currency') continue;
    const date = r.date(row, 'Period', period?.to);
    const quantity = r.number(row, 'Quantity', rec.Quantity);
    const currency = r.currency(row, 'Currency', rec.Currency);
    if (!date || !quantity || !currency || isZero(quantity)) continue;
    events.push({
      type: 'position',
      row,
      identity: [symbol, currency, date],
      date,
      name: info?.name || symbol,
      isin: info?.isin ?? isinInText(text(rec.Description)),
      ticker: symbol || null,
      currency,
      quantity,
      exchange: info?.exchange || null,
      market: 'foreign',
      security,
      flag,
    });
    n++;
  }
  for (const { row, rec } of rows.get('Cash Report') ?? []) {
    if (text(rec['Currency Summary']) !== 'Ending Cash') continue;
    const currency = text(rec.Currency).toUpperCase();
    if (!currency || /Summary|^Total/i.test(currency)) continue;
    const amount = r.number(row, 'Total', rec.Total);
    const date = r.date(row, 'Period', period?.to);
    if (!amount || !date || !r.currency(row, 'Currency', currency) || isZero(amount)) continue;
    events.push({
      type: 'cash',
      row,
      identity: [currency, date],
      date,
      currency,
      amount,
      bank: IB_BANK.name,
      bankCountry: IB_BANK.country,
      flag,
    });
    n++;
  }
  return n;
}

/** Groups Data rows by section, mapping cells by the latest Header of that section. */
function collect(lines: CsvRow[]): Map<string, Section[]> {
  const headers = new Map<string, string[]>();
  const out = new Map<string, Section[]>();
  const last = lines[lines.length - 1];
  for (const { row, cells } of lines) {
    const [section = '', kind = '', ...fields] = cells;
    if (kind === 'Header' || kind === 'Headers') {
      const need = REQUIRED[section];
      const missing = need?.filter((c) => !fields.includes(c)) ?? [];
      if (missing.length) {
        refuse(
          'columns',
          tx('refuse.ibCsvColumns', { row, section, columns: missing.map((c) => `«${c}»`).join(', ') }),
        );
      }
      headers.set(section, fields);
      continue;
    }
    if (kind !== 'Data') continue;
    const header = headers.get(section);
    if (!header) continue;
    if (cells === last?.cells && fields.length < header.length) {
      refuse('truncated', tx('refuse.truncatedStatement', { row }));
    }
    const rec: Rec = {};
    header.forEach((h, i) => {
      rec[h] = fields[i] ?? '';
    });
    const list = out.get(section);
    if (list) list.push({ header, row, rec });
    else out.set(section, [{ header, row, rec }]);
  }
  if (!headers.size) refuse('columns', tx('refuse.ibCsvNoSections'));
  return out;
}

const MONTH_NAMES = 'January February March April May June July August September October November December'.split(' ');

/** Statement,Data,Period,"January 1, 2024 - December 31, 2024" → dd.mm.yyyy pair. */
function statementPeriod(rows: Section[]): { from: string; to: string } | null {
  const period = rows.find((s) => s.rec['Field Name'] === 'Period')?.rec['Field Value'];
  if (!period) return null;
  const dates = [...period.matchAll(/([A-Z][a-z]+) (\d{1,2}), (\d{4})/g)].map((m) =>
    readDate(`${m[3]}-${MONTH_NAMES.indexOf(m[1]!) + 1}-${m[2]}`),
  );
  const [from, to = from] = dates;
  return from && to ? { from, to } : null;
}
