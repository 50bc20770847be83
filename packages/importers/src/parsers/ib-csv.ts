/** Interactive Brokers Activity Statement CSV (packages/importers/formats/ib-activity-csv.md): Trades, Dividends, Withholding Tax, Interest. */

import { corporateKindOfText, renamedFields, splitGroupOf, splitRatioOf, splitRenames } from '../corporate.ts';
import { refuse } from '../errors.ts';
import type { ParsedReport, ReportEvent } from '../events.ts';
import { type CsvRow, readCsv } from '../read/csv.ts';
import { tx } from '../texts.ts';
import type { SecurityKind } from '../types.ts';
import { abs, isZero, readDate, readIsin, text } from '../values.ts';
import { RowReader } from './common.ts';
import { IB_BROKER, ibSecurity, isinInText, negate, withheldOn } from './ib-flex.ts';

type Rec = Record<string, string>;

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
  instruments: Map<string, { isin: string | null; name: string; type: string }>,
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

  const instruments = new Map<string, { isin: string | null; name: string; type: string }>();
  for (const s of rows.get('Financial Instrument Information') ?? []) {
    const id = readIsin(s.rec['Security ID']);
    for (const sym of text(s.rec.Symbol).split(',')) {
      if (sym.trim()) instruments.set(sym.trim(), { isin: id, name: text(s.rec.Description), type: text(s.rec.Type) });
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
    const category = text(rec['Asset Category']);
    const security = CATEGORY[category.toLowerCase()] ?? ibSecurity(category);
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
      security: info?.type === 'ETF' ? 'fund' : security,
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
      const symbol = m?.[1] ?? null;
      const info = symbol ? instruments.get(symbol) : undefined;
      const base = {
        row,
        identity: [section, date, description, amount, currency],
        date,
        name: symbol ?? description,
        isin: readIsin(m?.[2]) ?? info?.isin ?? null,
        ticker: symbol,
        currency,
        market: 'foreign' as const,
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

  if (!rows.has('Trades') && !rows.has('Dividends') && !rows.has('Interest') && !rows.has('Withholding Tax')) {
    skipped.push({ row: 1, reason: tx('skip.noSections') });
  }
  const unread = [...rows.keys()].filter((name) => !KNOWN_SECTIONS.has(name));
  const notes = unread.length ? [tx('note.ibCsvUnread', { sections: unread.join(', ') })] : [];
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
  const period = statementPeriod(rows.get('Statement') ?? []);
  if (period) report.period = period;
  return report;
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
