import { describe, expect, it } from 'vitest';
import { readXlsx } from '../src/read/xlsx.ts';
import type { ImportResult } from '../src/types.ts';
import { parseSample, sample } from './helpers.ts';

/**
 * Every money row of every sample is accounted for: it became a deal (possibly status 1 with a reason),
 * or it is listed as skipped with a Russian reason, or as a row error. The money rows are found here
 * from the raw file, independently of the parsers, and named the way the parsers name rows.
 */

const decoder = new TextDecoder();
const raw = (name: string) => decoder.decode(sample(name));

/** Flex XML: execution-level trades, cash transactions and corporate actions, numbered per statement. */
function flexMoneyRows(xml: string): string[] {
  const out: string[] = [];
  for (const st of xml.split(/<FlexStatement\s/).slice(1)) {
    const account = /accountId="([^"]*)"/.exec(st)?.[1] ?? '';
    const suffix = account ? ` (${account})` : '';
    let trade = 0;
    for (const m of st.matchAll(/<Trade\s([^>]*)>/g)) {
      const level = /levelOfDetail="([^"]*)"/.exec(m[1]!)?.[1] ?? '';
      if (!level || level === 'EXECUTION') out.push(`Trade №${++trade}${suffix}`);
    }
    let cash = 0;
    for (const _ of st.matchAll(/<CashTransaction\s/g)) out.push(`CashTransaction №${++cash}${suffix}`);
    let ca = 0;
    for (const _ of st.matchAll(/<CorporateAction\s/g)) out.push(`CorporateAction №${++ca}${suffix}`);
  }
  return out;
}

/** IB activity CSV: line numbers of Data rows of the money sections (totals excluded). */
function ibCsvMoneyRows(csv: string): number[] {
  const sections =
    /^(Trades|Dividends|Withholding Tax|Interest|Corporate Actions|Deposits & Withdrawals|Fees),Data,(.*)$/;
  const out: number[] = [];
  csv.split(/\r?\n/).forEach((line, i) => {
    const m = sections.exec(line);
    if (!m || /^(Total|ClosedLot)/.test(m[2]!) || /,Total,/.test(line)) return;
    out.push(i + 1);
  });
  return out;
}

/** A one-table CSV whose every data line is money (Exante, Bybit): line numbers 2… */
function everyLine(csv: string): number[] {
  return csv
    .split(/\r?\n/)
    .map((line, i) => (i > 0 && line.trim() ? i + 1 : 0))
    .filter((n) => n > 0);
}

/** A Bybit export with the account line «UID: …» above its header: data lines 3… */
function afterAccountLine(csv: string): number[] {
  return everyLine(csv).filter((n) => n > 2);
}

/**
 * Freedom JSON: every entry of trades, corporate actions, the cash ledgers and the accrued commissions; every
 * movement of securities; every non-zero holding or balance at the end of the period (account_at_end,
 * securities_flows_json, cash_flows_json).
 */
function freedomMoneyRows(json: string): string[] {
  const parsed = JSON.parse(json) as Record<string, { detailed?: unknown[] } | unknown[]>;
  // the Tradernet API answer wraps the report: {"report": {…}}
  const doc = (parsed.report ?? parsed) as Record<string, { detailed?: unknown[] } | unknown[]>;
  const list = (v: unknown): unknown[] =>
    Array.isArray(v) ? v : ((v as { detailed?: unknown[] } | undefined)?.detailed ?? []);
  type Row = Record<string, unknown>;
  const held = (rows: unknown[], field: string, label: string) =>
    rows.flatMap((x, i) => (Number((x as Row)[field] ?? 0) !== 0 ? [`${label} №${i + 1}`] : []));
  const moves = list(doc.securities_in_outs);
  const end = (doc.account_at_end ?? {}) as Row;
  const ps = ((end.account as Row | undefined)?.positions_from_ts as Row | undefined)?.ps as Row | undefined;
  const plain = ps
    ? []
    : Object.entries(end).flatMap(([k, v]) => (/^[A-Z]{3}$/.test(k) && Number(v) !== 0 ? [`account_at_end.${k}`] : []));
  return [
    ...list(doc.trades).map((_, i) => `trades №${i + 1}`),
    ...list(doc.corporate_actions).map((_, i) => `corporate_actions №${i + 1}`),
    ...list(doc.cash_in_outs).map((_, i) => `cash_in_outs №${i + 1}`),
    ...list(doc.cash_flows).map((_, i) => `cash_flows №${i + 1}`),
    ...list(doc.commissions).map((_, i) => `commissions №${i + 1}`),
    ...(moves.length
      ? moves.map((_, i) => `securities_in_outs №${i + 1}`)
      : list(doc.in_outs_securities).map((_, i) => `in_outs_securities №${i + 1}`)),
    ...held(list(ps?.pos), 'q', 'account_at_end.pos'),
    ...held(list(ps?.acc), 's', 'account_at_end.acc'),
    ...plain,
    ...held(list(doc.securities_flows_json), 'quantity_at_end', 'securities_flows_json'),
    ...held(list(doc.cash_flows_json), 'curr_at_end', 'cash_flows_json'),
  ];
}

/** Every row reference the result gives: deals (several rows joined by ", "), skipped rows, row errors. */
function accounted(r: ImportResult): Set<string> {
  const refs = new Set<string>();
  for (const d of r.deals) for (const p of String(d.row).split(', ')) refs.add(p);
  for (const s of r.skipped) {
    expect(s.reason).toMatch(/[а-яё]/i);
    for (const p of String(s.row).split(', ')) refs.add(p);
  }
  for (const e of r.errors) refs.add(String(e.row));
  return refs;
}

const cases: [string, (text: string) => (string | number)[]][] = [
  ['ib-flex.xml', flexMoneyRows],
  ['ib-flex-corporate.xml', flexMoneyRows],
  ['ib-activity.csv', ibCsvMoneyRows],
  ['ib-activity-corporate.csv', ibCsvMoneyRows],
  ['ib-activity-positions.csv', ibCsvMoneyRows],
  ['freedom.json', freedomMoneyRows],
  ['freedom-corporate.json', freedomMoneyRows],
  ['freedom-cash-in-outs.json', freedomMoneyRows],
  ['freedom-api-report.json', freedomMoneyRows],
  ['freedom-no-market.json', freedomMoneyRows],
  ['freedom24-fragment.json', freedomMoneyRows],
  ['freedom-fourth-round.json', freedomMoneyRows],
  ['freedom-fifth-round.json', freedomMoneyRows],
  ['freedom24-year-end.json', freedomMoneyRows],
  ['exante-transactions.csv', everyLine],
  ['exante-trades.csv', everyLine],
  // UTF-16LE with tabs: counted on the text decoded as UTF-16, not on `raw`
  [
    'exante-transactions-utf16.csv',
    () => everyLine(new TextDecoder('utf-16le').decode(sample('exante-transactions-utf16.csv'))),
  ],
  // the exports with Polish headers, UTF-16LE with tabs as well
  [
    'exante-transactions-pl.csv',
    () => everyLine(new TextDecoder('utf-16le').decode(sample('exante-transactions-pl.csv'))),
  ],
  ['exante-trades-pl.csv', () => everyLine(new TextDecoder('utf-16le').decode(sample('exante-trades-pl.csv')))],
  ['bybit-spot.csv', everyLine],
  ['bybit-spot-pre-unified.csv', everyLine],
  ['bybit-spot-uid.csv', afterAccountLine],
  ['okx-trades.csv', everyLine],
  ['okx-trades-current.csv', everyLine],
  ['okx-trades-utc8.csv', afterAccountLine],
];

describe('every money row of a sample is imported, flagged or skipped with a reason', () => {
  for (const [name, count] of cases) {
    it(name, async () => {
      const expected = count(raw(name)).map(String);
      expect(expected.length).toBeGreaterThan(0);
      const r = await parseSample(name);
      const refs = accounted(r);
      const missing = expected.filter((row) => !refs.has(row));
      expect(missing, `rows neither imported, flagged nor skipped: ${missing.join('; ')}`).toEqual([]);
      // the reconciliation counts the same rows: kinds read plus the parser's own skipped rows and errors;
      // the legs of one trade (OKX, Exante transactions: rows "2, 3") are one trade read
      const read = Object.values(r.reconciliation.rows).reduce((a, b) => a + b, 0);
      const joined = r.deals.reduce((n, d) => n + String(d.row).split(', ').length - 1, 0);
      expect(read).toBeGreaterThanOrEqual(expected.length - r.skipped.length - joined);
      for (const [currency, t] of Object.entries(r.reconciliation.totals)) {
        for (const [kind, side] of Object.entries(t)) {
          expect(side.deals, `${name} ${currency} ${kind}`).toBe(side.file);
        }
      }
    });
  }
});

describe('every money row of an XLSX sample is imported, flagged or skipped with a reason', () => {
  // trade lines have a trade number in column A, cash lines a date in A and a sum in E
  const TBANK: [file: string, lines: number, what: string][] = [
    ['tbank.xlsx', 12, '4 trades and 8 cash lines (a deposit, two dividends and a coupon with their taxes, a fee)'],
    [
      'tbank-layouts.xlsx',
      11,
      '6 trades in 1.1 (a purchase, two REPO legs, two currency trades, a sale), 1 in 1.2, and 4 cash lines ' +
        '(a deposit, a dividend with its tax, a planned dividend); the header repeated at row 10 is not a line',
    ],
  ];
  for (const [file, lines, what] of TBANK) {
    it(`${file}: ${what}`, async () => {
      const [sheet] = await readXlsx(sample(file));
      const expected = (sheet?.rows ?? [])
        .filter(
          (r) =>
            /^\d{5,}$/.test(String(r.cells[0])) ||
            (/^\d{2}\.\d{2}\.\d{4}$/.test(String(r.cells[0])) && typeof r.cells[4] === 'number'),
        )
        .map((r) => String(r.row));
      expect(expected).toHaveLength(lines);
      const r = await parseSample(file);
      const refs = accounted(r);
      expect(expected.filter((row) => !refs.has(row))).toEqual([]);
      for (const t of Object.values(r.reconciliation.totals))
        for (const side of Object.values(t)) expect(side.deals).toBe(side.file);
    });
  }
});
