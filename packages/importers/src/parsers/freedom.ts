/** Freedom Finance / Tradernet full broker report, JSON or its XML twin (packages/importers/formats/freedom.md). */
import { marketOf, securityKindOf } from '../classify.ts';
import { splitRatioOf } from '../corporate.ts';
import { refuse } from '../errors.ts';
import type { IncomeEvent, ParsedReport, ReportEvent, TaxEvent } from '../events.ts';
import { parseXml } from '../read/xml.ts';
import { tx } from '../texts.ts';
import type { CorporateActionKind } from '../types.ts';
import { abs, add, cmp, isBlank, isZero, mul, readDate, readDecimal, readIsin, sub, text } from '../values.ts';
import { RowReader, splitTickerSuffix } from './common.ts';

type Obj = Record<string, unknown>;

export const FREEDOM_KZ = tx('value.freedomKzBroker');
export const FREEDOM_EU = 'Freedom24 (Freedom Finance Europe)';

/** JSON arrays, or XML `<detailed><node>…</node></detailed>`. */
function arr(v: unknown): Obj[] {
  if (Array.isArray(v)) return v as Obj[];
  if (v && typeof v === 'object' && 'node' in v) return arr((v as Obj).node);
  if (v && typeof v === 'object' && Object.keys(v).length) return [v as Obj];
  return [];
}

/** Sections of the full report with rows of money or securities that are not trades, income or taxes. */
const UNREAD_WITH_ROWS = new Set(['in_outs_securities', 'securities_in_outs', 'cash_flows']);

const detailed = (doc: Obj, key: string) => arr((doc[key] as Obj | undefined)?.detailed);
const grouped = (o: Obj) => Object.values(o).some((v) => v === 'Grouped');

const SECTIONS = ['trades', 'corporate_actions', 'cash_in_outs'];

/**
 * The Tradernet API answer wraps the report: `{"report": {trades, …}}` (getBrokerReport), possibly inside
 * `{"result": …}`. The report is the first object down that chain with one of the sections.
 */
function unwrap(doc: Obj): Obj {
  let d = doc;
  for (let depth = 0; depth < 3 && !SECTIONS.some((k) => k in d); depth++) {
    const inner = d.report ?? d.result;
    if (!inner || typeof inner !== 'object' || Array.isArray(inner)) break;
    d = inner as Obj;
  }
  return d;
}

const EU_WORDS = /Europe|Cyprus|Кипр|Freedom24/i;
const EU_ROW_WORDS = /Freedom24|Freedom Finance Europe|service plan \(EUR\)/i;

/**
 * Broker residency. `companyDetails` decides when the report has it (Europe / Cyprus / Freedom24 → foreign).
 * Without it (a fragment, or an export of another tool) the rows decide: Freedom24 charges its commission in
 * the EUR of its service plan, so a trade in another currency with `commission_currency` EUR, or a comment
 * naming the EUR service plan, Freedom24 or Freedom Finance Europe, is Freedom24; anything else is the
 * Kazakhstan broker, as before.
 */
function isForeignBroker(doc: Obj): boolean {
  const company = doc.companyDetails;
  if (company && (typeof company !== 'object' || Object.keys(company).length))
    return EU_WORDS.test(JSON.stringify(company));
  const trades = detailed(doc, 'trades');
  if (
    trades.some((t) => {
      const fee = text(t.commission_currency).toUpperCase();
      return fee === 'EUR' && text(t.curr_c).toUpperCase() !== 'EUR';
    })
  )
    return true;
  return [...trades, ...arr(doc.cash_in_outs), ...detailed(doc, 'corporate_actions')].some((row) =>
    EU_ROW_WORDS.test(text(row.comment)),
  );
}

/**
 * The security a cash ledger comment names: "Dividend for TEST.US", "Dividends on security (Nvidia Corporation
 * (NVDA.US)), record date …", "Corporate action tax on security ( TEST.US ), record date … . Tax rate 15".
 */
const COMMENT_TICKER = /(?:^|[\s(])([A-Z0-9][A-Z0-9-]{0,11}(?:\.[A-Z0-9]{1,2})?\.[A-Z]{2,4})(?=$|[\s),;])/;
export const tickerInComment = (comment: string): string | null => COMMENT_TICKER.exec(comment)?.[1] ?? null;

export function parseFreedomJson(json: string): ParsedReport {
  let doc: unknown;
  try {
    doc = JSON.parse(json);
  } catch {
    return refuse('truncated', tx('refuse.jsonBroken'));
  }
  if (!doc || typeof doc !== 'object' || Array.isArray(doc)) {
    return refuse('columns', tx('refuse.freedomJsonNoReport'));
  }
  return parseFreedomTree(unwrap(doc as Obj), 'freedom_json');
}

export function parseFreedomXml(xml: string): ParsedReport {
  const doc = parseXml(xml, ['node']);
  const root = Object.entries(doc).find(([k]) => k !== '?xml')?.[1];
  if (!root || typeof root !== 'object') return refuse('columns', tx('refuse.freedomXmlNoReport'));
  return parseFreedomTree(unwrap(root as Obj), 'freedom_xml');
}

function parseFreedomTree(doc: Obj, format: 'freedom_json' | 'freedom_xml'): ParsedReport {
  if (!('trades' in doc) && !('corporate_actions' in doc) && !('cash_in_outs' in doc)) {
    refuse('columns', tx('refuse.freedomNoSections'));
  }
  const r = new RowReader('dmy');
  const events: ReportEvent[] = [];
  const skipped: ParsedReport['skipped'] = [];
  const foreign = isForeignBroker(doc);

  detailed(doc, 'trades').forEach((t, i) => {
    const row = `trades №${i + 1}`;
    if (grouped(t)) {
      skipped.push({ row, reason: tx('skip.freedomGrouped') });
      return;
    }
    // `ticker` and the ISIN stand in for `instr_nm` in exports made by other tools
    const instr = text(t.instr_nm) || text(t.ticker);
    const security = instr.includes('/') ? 'currency' : securityKindOf(text(t.instr_type) || null);
    if (security === 'currency') {
      // a conversion is not a trade: skipped here, so that the reconciliation counts it as skipped
      skipped.push({ row, reason: tx('skip.fxConversion') });
      return;
    }
    const isin = readIsin(t.isin) ?? readIsin(t.issue_nb);
    if (!instr && !isin) r.fail(row, 'instr_nm', tx('row.fieldMissing', { field: 'instr_nm' }));
    const date = r.date(row, 'date', t.short_date ?? t.date);
    const quantity = r.number(row, 'q', t.q);
    const currency = r.currency(row, 'curr_c', t.curr_c);
    const op = text(t.operation).toLowerCase();
    if (op !== 'buy' && op !== 'sell')
      r.fail(row, 'operation', tx('row.operationUnknown', { value: text(t.operation) }));
    const price = r.optionalNumber(row, 'p', t.p);
    const summ = isBlank(t.summ) ? (price ? mul(price, quantity ?? '0') : null) : r.number(row, 'summ', t.summ);
    const commission = r.optionalNumber(row, 'commission', t.commission);
    const commissionCurrency = text(t.commission_currency).toUpperCase();
    if (!date || !quantity || !currency || !summ || commission === false || (op !== 'buy' && op !== 'sell')) return;
    if (!instr && !isin) return; // the row error above
    const { ticker, suffix } = splitTickerSuffix(instr);
    const market = marketOf(suffix === 'KZ' ? 'KZ' : text(t.mkt_name) || suffix);
    // a KZ-broker sale whose market the row does not give is not guessed as KASE/AIX (1A may be exempt): it is
    // declared as a foreign-market sale (section 2) and waits for the user to name the exchange
    const venueUnknown = !foreign && market === null && op === 'sell';
    events.push({
      type: 'trade',
      row,
      identity: [text(t.trade_id) || text(t.id) || [date, instr, op, quantity, summ].join('|')],
      date,
      side: op,
      name: ticker || (isin ?? ''),
      isin,
      ticker: instr || null,
      currency,
      quantity: abs(quantity),
      amount: abs(summ),
      commission: commission && !isZero(commission) ? abs(commission) : null,
      commissionCurrency: commissionCurrency || null,
      exchange: text(t.mkt_name) || suffix,
      market: venueUnknown ? 'foreign' : market,
      security: security === 'other' ? null : security,
      ...(venueUnknown ? { flag: tx('comment.freedomMarketUnknown') } : {}),
    });
  });

  corporateActions(detailed(doc, 'corporate_actions'), r, events, skipped);
  cashInOuts(arr(doc.cash_in_outs), r, events, skipped);

  // a section with rows that we do not read is named in the reconciliation, never dropped silently
  const unread = Object.keys(doc).filter(
    (k) => UNREAD_WITH_ROWS.has(k) && arr((doc[k] as Obj | undefined)?.detailed ?? doc[k]).length > 0,
  );
  const report: ParsedReport = {
    ...(unread.length
      ? {
          notes: [tx('note.freedomUnread', { sections: unread.join(', ') })],
        }
      : {}),
    format,
    family: 'freedom',
    broker: foreign ? FREEDOM_EU : FREEDOM_KZ,
    brokerIsKz: !foreign,
    events,
    errors: r.errors,
    skipped,
  };
  const holder = text((doc.plainAccountInfoData as Obj | undefined)?.client_name);
  if (holder) report.holder = holder;
  const from = readDate(doc.date_start);
  const to = readDate(doc.date_end);
  if (from && to) report.period = { from, to };
  return report;
}

/**
 * Dividends, coupons and maturities. Reversals net out per corporate_action_id; the dividend amount is
 * net of withholding unless amount_per_one × q_on_ex_date shows it is gross (packages/importers/formats/freedom.md).
 */
function corporateActions(rows: Obj[], r: RowReader, events: ReportEvent[], skipped: ParsedReport['skipped']) {
  const byAction = new Map<string, { income: IncomeEvent; tax: TaxEvent | null }>();
  rows.forEach((c, i) => {
    const row = `corporate_actions №${i + 1}`;
    if (grouped(c)) {
      skipped.push({ row, reason: tx('skip.freedomGrouped') });
      return;
    }
    const typeId = text(c.type_id).toLowerCase();
    const reverted = typeId.endsWith('_reverted');
    const action = FREEDOM_ACTIONS[typeId] ?? null;
    if (action) {
      corporateEvent(c, row, action, r, events);
      return;
    }
    const kind = typeId.startsWith('dividend')
      ? 'dividend'
      : typeId.startsWith('coupon')
        ? 'coupon'
        : typeId === 'maturity'
          ? 'repayment'
          : null;
    if (!kind) {
      const money = readDecimal(c.amount);
      if (money && !isZero(money)) {
        // an action we do not know that moved money waits for a person
        const date = r.date(row, 'date', c.date);
        const currency = r.currency(row, 'currency', c.currency);
        if (!date || !currency) return;
        events.push({
          type: 'unknown',
          row,
          identity: [text(c.corporate_action_id) || [typeId, c.ticker, c.date, money].join('|')],
          date,
          name: splitTickerSuffix(text(c.ticker)).ticker || text(c.isin) || typeId,
          isin: readIsin(c.isin),
          ticker: text(c.ticker) || null,
          currency,
          amount: money,
          quantity: readDecimal(c.q_on_ex_date) || null,
          comment: tx('comment.freedomCorporateAsk', { type: text(c.type) || typeId }),
        });
        return;
      }
      skipped.push({
        row,
        reason: tx('skip.corporateTypeNotIncome', { type: text(c.type) || typeId }),
      });
      return;
    }
    const date = r.date(row, 'date', c.date);
    const amount = r.number(row, 'amount', c.amount);
    const currency = r.currency(row, 'currency', c.currency);
    const taxRaw = r.optionalNumber(row, 'tax_amount', c.tax_amount);
    if (!date || !amount || !currency || taxRaw === false) return;
    const tax = taxRaw && !isZero(taxRaw) ? abs(taxRaw) : null;
    let gross = abs(amount);
    if (kind === 'dividend' && tax && !isGross(c, gross)) gross = add(gross, tax);
    const sign = (s: string) => (reverted ? `-${s}` : s);
    const { ticker } = splitTickerSuffix(text(c.ticker));
    const actionId =
      text(c.corporate_action_id) || [typeId.replace('_reverted', ''), c.ticker, c.ex_date, date].join('|');
    const prev = byAction.get(actionId);
    if (prev) {
      prev.income.amount = add(prev.income.amount, sign(gross));
      prev.income.row = `${prev.income.row}, ${row}`;
      if (tax) {
        if (prev.tax) prev.tax.amount = add(prev.tax.amount, sign(tax));
        else prev.tax = taxEvent(prev.income, sign(tax), text(c.tax_currency) || currency);
      }
      return;
    }
    const income: IncomeEvent = {
      type: 'income',
      row,
      identity: [actionId],
      date,
      kind,
      name: ticker || text(c.isin),
      isin: readIsin(c.isin) ?? readIsin(c.issue_nb),
      ticker: text(c.ticker) || null,
      currency,
      amount: sign(gross),
      quantity: readDecimal(c.q_on_ex_date) || null,
      market: marketOf(splitTickerSuffix(text(c.ticker)).suffix),
      security: kind === 'dividend' ? null : 'bond',
    };
    byAction.set(actionId, { income, tax: tax ? taxEvent(income, sign(tax), text(c.tax_currency) || currency) : null });
  });
  for (const { income, tax } of byAction.values()) {
    events.push(income);
    if (tax) events.push(tax);
  }
}

/** Freedom `type_id` of actions that change holdings (formats/freedom.md, formats/corporate-actions.md). */
const FREEDOM_ACTIONS: Record<string, CorporateActionKind> = {
  split: 'split',
  reverse_split: 'split',
  merger: 'stock_merger',
  conversion: 'stock_merger',
  spinoff: 'spinoff',
  spin_off: 'spinoff',
  tender: 'tender',
  buyback: 'tender',
  stock_dividend: 'stock_dividend',
  delisting: 'delisted',
};

/**
 * A split, merger, spin-off or tender of a Freedom report: `q_on_ex_date` is the holding before, `amount` the
 * cash paid (tenders), `amount_per_one` the ratio of a split ("amount_per_one":"4" = 4 new for 1) unless the
 * comment gives it ("Split 4:1").
 */
function corporateEvent(c: Obj, row: string, action: CorporateActionKind, r: RowReader, events: ReportEvent[]): void {
  const date = r.date(row, 'date', c.date);
  const currency = r.currency(row, 'currency', text(c.currency) || 'USD');
  if (!date || !currency) return;
  const comment = text(c.comment) || text(c.type);
  const amount = readDecimal(c.amount);
  const cash = amount && !isZero(amount) ? abs(amount) : null;
  const held = readDecimal(c.q_on_ex_date) || null;
  const per = readDecimal(c.amount_per_one) || null;
  const ratio = action === 'split' ? (splitRatioOf(comment) ?? per) : null;
  const { ticker } = splitTickerSuffix(text(c.ticker));
  const quantity =
    action === 'tender' || action === 'delisted'
      ? held
        ? `-${abs(held)}`
        : null
      : held && per
        ? mul(held, per)
        : held;
  events.push({
    type: 'corporate',
    row,
    identity: [text(c.corporate_action_id) || [text(c.type_id), c.ticker, c.ex_date, date].join('|')],
    date,
    name: ticker || text(c.isin),
    isin: readIsin(c.isin) ?? readIsin(c.issue_nb),
    ticker: text(c.ticker) || null,
    currency,
    market: marketOf(splitTickerSuffix(text(c.ticker)).suffix),
    action,
    quantity,
    amount: cash,
    ratio,
    description: comment,
  });
}

const taxEvent = (income: IncomeEvent, amount: string, currency: string): TaxEvent => ({
  ...income,
  type: 'tax',
  identity: [...income.identity, 'tax'],
  amount,
  currency: currency.toUpperCase(),
  on: income.kind,
});

/** amount_per_one × q_on_ex_date ≈ amount (within 1%) ⇒ the amount is already gross. */
function isGross(c: Obj, amount: string): boolean {
  const per = readDecimal(c.amount_per_one);
  const q = readDecimal(c.q_on_ex_date);
  if (!per || !q) return false;
  const expected = mul(per, q);
  return cmp(abs(sub(expected, amount)), mul(expected, '0.01')) <= 0;
}

/**
 * Freedom24-era per-transaction cash ledger: dividends and taxes only. The security is `ticker`, else the one
 * the comment names; rows of one `corporate_action_id` share the security of the row that names it (else of its
 * dividend), so that the tax joins its dividend.
 */
function cashInOuts(rows: Obj[], r: RowReader, events: ReportEvent[], skipped: ParsedReport['skipped']) {
  const read: { action: string; dividend: boolean; event: IncomeEvent | TaxEvent }[] = [];
  rows.forEach((c, i) => {
    const row = `cash_in_outs №${i + 1}`;
    const type = text(c.type).toLowerCase();
    if (!['dividend', 'dividend_reverted', 'tax', 'tax_reverted'].includes(type)) {
      skipped.push({ row, reason: tx('skip.cashNotIncome', { type: type || tx('value.noType') }) });
      return;
    }
    const date = r.date(row, 'datetime', c.pay_d ?? c.datetime);
    const amount = r.number(row, 'amount', c.amount);
    const currency = r.currency(row, 'currency', c.currency);
    if (!date || !amount || !currency) return;
    const full = text(c.ticker) || tickerInComment(text(c.comment)) || '';
    const { ticker, suffix } = splitTickerSuffix(full);
    const base = {
      row,
      identity: [text(c.id) || text(c.transaction_id) || [type, date, c.ticker, amount].join('|')],
      date,
      name: ticker || text(c.comment),
      isin: readIsin(c.isin),
      ticker: full || null,
      currency,
      market: marketOf(suffix),
    };
    const dividend = type.startsWith('dividend');
    // dividends arrive positive, their reversals negative; taxes arrive negative, refunds positive
    const event: IncomeEvent | TaxEvent = dividend
      ? { type: 'income', ...base, kind: 'dividend', amount }
      : { type: 'tax', ...base, amount: amount.startsWith('-') ? amount.slice(1) : `-${amount}`, on: 'dividend' };
    read.push({ action: text(c.corporate_action_id), dividend, event });
  });
  // per corporate action: the first row that names a security, else its first dividend
  const named = new Map<string, IncomeEvent | TaxEvent>();
  const names = (e: IncomeEvent | TaxEvent) => e.ticker !== null || e.isin !== null;
  for (const { action, dividend, event } of read) {
    if (!action) continue;
    const prev = named.get(action);
    if (!prev || (!names(prev) && (names(event) || (dividend && prev.type === 'tax')))) named.set(action, event);
  }
  for (const { action, event } of read) {
    const source = action ? named.get(action) : undefined;
    if (source && source !== event && !names(event)) {
      event.name = source.name;
      event.isin = source.isin;
      event.ticker = source.ticker;
      event.market = source.market ?? null;
    }
    events.push(event);
  }
}
