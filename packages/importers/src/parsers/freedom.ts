/** Freedom Finance / Tradernet full broker report, JSON or its XML twin (packages/importers/formats/freedom.md). */
import { marketOf, securityKindOf } from '../classify.ts';
import { splitRatioOf } from '../corporate.ts';
import { refuse } from '../errors.ts';
import type { IncomeEvent, ParsedReport, ReportEvent, TaxEvent, TradeEvent } from '../events.ts';
import { parseXml } from '../read/xml.ts';
import { tx } from '../texts.ts';
import type { CorporateActionKind, SecurityKind } from '../types.ts';
import {
  abs,
  add,
  cmp,
  isBlank,
  isNegative,
  isZero,
  mul,
  readDate,
  readDecimal,
  readIsin,
  sub,
  text,
} from '../values.ts';
import { isinsFromTickers, RowReader, splitTickerSuffix } from './common.ts';
import { type Holder, type TradeInfo, tradeInfoOf, yearEndHoldings } from './freedom-holdings.ts';

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

/**
 * Tradernet `instr_type` codes (Tradernet API «Instruments details»): 8 REPO securities (autorepo), 9 direct REPO,
 * 10 repo with netting, 17 option exercise, 18 equity swap (formats/freedom.md).
 */
const REPO_TYPES = new Set(['8', '9', '10']);
const OPTION_EXERCISE_TYPE = '17';
const EQUITY_SWAP_TYPE = '18';
/** A share trade that delivers an option: `trade_nb` «option_delivery», or a comment naming the exercise. */
const OPTION_DELIVERY = /option[_ ]?(delivery|exercise|assignment)|исполнени\S* опцион|опцион\S* исполн/i;
/** «repo» / «РЕПО» as a word of a comment, not a ticker («REPO.US») */
const REPO_WORDS = /(^|[^\p{L}])(repo|репо)(?![\p{L}.])/iu;
/** `repo_operation` of an ordinary trade: null, empty, 0. */
const noRepo = (v: unknown) => isBlank(v) || /^(0|false|no)$/i.test(text(v));

const detailed = (doc: Obj, key: string) => arr((doc[key] as Obj | undefined)?.detailed);
/** A section's rows: `{detailed: […]}` or the array itself. */
const rowsOf = (v: unknown) => arr((v as Obj | undefined)?.detailed ?? v);

/** The word the report writes in place of a value merged from several rows, in the report's language. */
const GROUPED_WORD = /^(grouped|zgrupowano|сгруппировано|gruppiert)$/i;
const isGroupedWord = (v: unknown) => typeof v === 'string' && GROUPED_WORD.test(v.trim());

/**
 * A summary row: an amount of its own says «Grouped» (Freedom24 fills whole rows of `corporate_actions`,
 * `cash_flows` with it). A trade whose `date`, `id`, `pay_d` say «Grouped» but whose `q`, `summ`, `short_date`
 * are real is not one: it is several executions of one day and price merged into one row, and the report has no
 * other line for them (formats/freedom.md).
 */
const groupedSummary = (o: Obj, amounts: string[]) =>
  amounts.some((k) => isGroupedWord(o[k])) ||
  (Object.values(o).some(isGroupedWord) && amounts.every((k) => isBlank(o[k])));

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
 * The countries of Freedom Holding's other brokers on the same Tradernet platform. A public report of Freedom
 * Finance Armenia has `companyDetails` «FREEDOM FINANCE ARMENIA LLC», «Licensed by The CB of the Republic of
 * Armenia», an address in Yerevan and the website tradernet.am: a foreign broker for a Kazakhstan resident.
 */
const OTHER_COUNTRY_WORDS =
  /Armenia|Армени|Yerevan|Ереван|tradernet\.am|Uzbekistan|Узбекистан|Tashkent|Ташкент|Kyrgyz|Кыргыз|Киргиз|Bishkek|Бишкек|Russia|Росси|Moscow|Москва/i;
const KZ_WORDS = /Kazakhstan|Казахстан|Қазақстан|Almaty|Алматы|Astana|Астана|ffin\.kz/i;

/** `companyDetails` as text, without its logo (`image`, a base64 picture: its letters are not words). */
function companyText(company: unknown): string {
  if (!company || typeof company !== 'object') return String(company ?? '');
  const { image: _logo, ...rest } = company as Obj;
  return JSON.stringify(rest);
}

/**
 * Broker residency. `companyDetails` decides when the report has it: Europe / Cyprus / Freedom24, or another
 * country of the group (Armenia…) and not Kazakhstan → foreign. Without it (a fragment, or an export of another
 * tool) the rows decide: Freedom24 charges its commission in the EUR of its service plan, so a trade in another
 * currency with `commission_currency` EUR, or a comment naming the EUR service plan, Freedom24 or Freedom Finance
 * Europe, is Freedom24; anything else is the Kazakhstan broker, as before.
 */
function isForeignBroker(doc: Obj): boolean {
  const company = doc.companyDetails;
  if (company && (typeof company !== 'object' || Object.keys(company).length)) {
    const details = companyText(company);
    return EU_WORDS.test(details) || (OTHER_COUNTRY_WORDS.test(details) && !KZ_WORDS.test(details));
  }
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
 * A foreign broker's name: Freedom24 for the European company (and when the rows alone showed it), else the
 * Latin part of `companyName` («ՖՐԻԴՈՄ ՖԻՆԱՆՍ ԱՐՄԵՆԻԱ ՍՊԸ / FREEDOM FINANCE ARMENIA LLC» → «FREEDOM FINANCE
 * ARMENIA LLC»): the name is part of the source keys, so it must not change between two reports of one broker.
 */
function foreignBrokerName(doc: Obj): string {
  const company = doc.companyDetails;
  if (!company || typeof company !== 'object' || EU_WORDS.test(companyText(company))) return FREEDOM_EU;
  const name = text((company as Obj).companyName ?? (company as Obj).name);
  const latin = name
    .split('/')
    .map((part) => part.trim())
    .find((part) => /^[A-Za-z0-9 .,&«»"'()-]+$/.test(part));
  return latin || name || FREEDOM_EU;
}

/** The country of a foreign Freedom company, by the words of `companyDetails` (alpha-3). */
const COMPANY_COUNTRIES: [RegExp, string][] = [
  [EU_WORDS, 'CYP'],
  [/Armenia|Армени|Yerevan|Ереван|tradernet\.am/i, 'ARM'],
  [/Uzbekistan|Узбекистан|Tashkent|Ташкент/i, 'UZB'],
  [/Kyrgyz|Кыргыз|Киргиз|Bishkek|Бишкек/i, 'KGZ'],
  [/Russia|Росси|Moscow|Москва/i, 'RUS'],
];

/**
 * The bank of section 6.2 for money at a foreign Freedom company: the Latin name of the company the report names
 * (FREEDOM FINANCE ARMENIA LLC), else Freedom Finance Europe Ltd, the Cyprus company of Freedom24 (CySEC), when
 * `companyDetails` is missing (the rows showed Freedom24) or names Europe; its country from the same words.
 */
function foreignBank(doc: Obj): { bank: string; bankCountry: string | null } {
  const company = doc.companyDetails;
  const details = company && typeof company === 'object' ? companyText(company) : '';
  const name = foreignBrokerName(doc);
  if (!details || EU_WORDS.test(details))
    return { bank: name === FREEDOM_EU ? 'Freedom Finance Europe Ltd' : name, bankCountry: 'CYP' };
  return { bank: name, bankCountry: COMPANY_COUNTRIES.find(([re]) => re.test(details))?.[1] ?? null };
}

/**
 * The security a cash ledger comment names: "Dividend for TEST.US", "Dividends on security (Nvidia Corporation
 * (NVDA.US)), record date …", "Corporate action tax on security ( TEST.US ), record date … . Tax rate 15", an AIX
 * bond "Купон по бумаге (Freedom Finance SPC Ltd (FFSPC1.1228.AIX.KZ)), выплата", a note "DGT4016.JUN26".
 */
const COMMENT_TICKER = /(?:^|[\s(])([A-Z0-9][A-Z0-9-]{0,11}(?:\.[A-Z0-9]{1,6}){0,3}\.[A-Z][A-Z0-9]{1,4})(?=$|[\s),;])/;
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
    if (groupedSummary(t, ['q', 'summ'])) {
      skipped.push({ row, reason: tx('skip.freedomGrouped') });
      return;
    }
    // `ticker` and the ISIN stand in for `instr_nm` in exports made by other tools
    const instr = text(t.instr_nm) || text(t.ticker);
    const security = instr.includes('/') ? 'currency' : securityOfTrade(t);
    if (security === 'currency') {
      // a conversion is not a trade: skipped here, so that the reconciliation counts it as skipped
      skipped.push({ row, reason: tx('skip.fxConversion') });
      return;
    }
    const isin = readIsin(t.isin) ?? readIsin(t.issue_nb);
    if (!instr && !isin) r.fail(row, 'instr_nm', tx('row.fieldMissing', { field: 'instr_nm' }));
    // a merged row says «Grouped» in `date`; its day is `short_date`
    const date = r.date(row, 'date', isBlank(t.short_date) ? t.date : t.short_date);
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
    const typeCode = text(t.instr_type ?? t.instr_type_c);
    const flag =
      [tradeFlag(t, typeCode), venueUnknown ? tx('comment.freedomMarketUnknown') : null].filter(Boolean).join(' ') ||
      null;
    events.push({
      type: 'trade',
      row,
      identity: [
        [t.trade_id, t.id].map(text).find((id) => id && !isGroupedWord(id)) ||
          [date, instr, op, quantity, summ].join('|'),
      ],
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
      ...(flag ? { flag } : {}),
    });
  });

  commissions(rowsOf(doc.commissions), r, events, skipped);
  const actions = corporateActions(detailed(doc, 'corporate_actions'), r, events, skipped);
  const cashRows = arr(doc.cash_in_outs);
  cashInOuts(cashRows, (i) => `cash_in_outs №${i + 1}`, actions, r, events, skipped);
  cashFlows(rowsOf(doc.cash_flows), actions.size > 0 || cashRows.length > 0, actions, r, events, skipped);
  // the same movements of securities come as `securities_in_outs` (with transaction ids) and, in older
  // reports, as `in_outs_securities.detailed`: the first that has rows is read
  const moves = arr(doc.securities_in_outs);
  const movesKey = moves.length ? 'securities_in_outs' : 'in_outs_securities';
  const trades = tradeInfoOf(events);
  securityMoves(moves.length ? moves : rowsOf(doc.in_outs_securities), movesKey, trades, r, events, skipped);
  const account = doc.plainAccountInfoData as Obj | undefined;
  const holder: Holder = {
    foreign,
    ...(foreign ? foreignBank(doc) : { bank: FREEDOM_KZ, bankCountry: 'KAZ' }),
    account: text(account?.client_code),
  };
  yearEndHoldings(doc, holder, trades, r, events, skipped);
  // a transfer or a dividend that names only its ticker takes the ISIN of that ticker's trade or holding
  isinsFromTickers(events);

  const report: ParsedReport = {
    format,
    family: 'freedom',
    broker: foreign ? foreignBrokerName(doc) : FREEDOM_KZ,
    brokerIsKz: !foreign,
    events,
    errors: r.errors,
    skipped,
  };
  const client = text(account?.client_name);
  if (client) report.holder = client;
  const from = readDate(doc.date_start);
  const to = readDate(doc.date_end);
  if (from && to) report.period = { from, to };
  return report;
}

/** `asset_type` of a corporate-action row: «Деньги» / « Cash » (amount is money), «Бумаги» (amount is a quantity). */
const MONEY_ASSET = /^(cash|money|деньги|денежные средства|pieniądze|geld|ақша)$/i;
const SECURITIES_ASSET = /^(securities|бумаги|ценные бумаги|papiery wartościowe|wertpapiere|бағалы қағаздар)$/i;

/** Money rows of `corporate_actions` that are a charge or a move of the client's own money, not income. */
const CORPORATE_CHARGES = new Set(['agent_fee', 'intercompany']);

/** The income rows read, per corporate action: `cash_in_outs` repeats them (formats/freedom.md). */
export type ActionRows = Map<string, string>;

/**
 * Dividends, coupons and maturities. Reversals net out per corporate_action_id; the dividend amount is
 * net of withholding unless amount_per_one × q_on_ex_date shows it is gross (packages/importers/formats/freedom.md).
 * A `tax` row of an action joins its payment unless the payment's `tax_amount` already has it; a maturity comes in
 * two rows, the securities (`q_on_ex_date`, no amount) and the money: one repayment of that quantity.
 */
function corporateActions(
  rows: Obj[],
  r: RowReader,
  events: ReportEvent[],
  skipped: ParsedReport['skipped'],
): ActionRows {
  // `paid`: a payment row of the action was read (not only its reversal)
  const byAction = new Map<string, { income: IncomeEvent; tax: TaxEvent | null; fromRow: boolean; paid: boolean }>();
  const taxRows: { c: Obj; row: string; actionId: string }[] = [];
  const compensationsPaid: ActionRows = new Map();
  const legs: { c: Obj; row: string; actionId: string; quantity: string }[] = [];
  rows.forEach((c, i) => {
    const row = `corporate_actions №${i + 1}`;
    if (groupedSummary(c, ['amount'])) {
      skipped.push({ row, reason: tx('skip.freedomGrouped') });
      return;
    }
    const typeId = text(c.type_id).toLowerCase();
    const reverted = typeId.endsWith('_reverted');
    const asset = text(c.asset_type);
    const money = readDecimal(c.amount);
    if (typeId === 'tax' || typeId === 'tax_reverted') {
      taxRows.push({ c, row, actionId: text(c.corporate_action_id) });
      return;
    }
    if (typeId === DIVIDEND_COMPENSATION && money && isNegative(money)) {
      // paid by a short seller (the securities were borrowed under a repo) to the lender: an expense, not income
      const actionId = text(c.corporate_action_id);
      if (actionId) compensationsPaid.set(actionId, row);
      skipped.push({ row, reason: compensationPaid(c, money) });
      return;
    }
    if (
      CORPORATE_CHARGES.has(typeId) ||
      (MONEY_ASSET.test(asset) && FREEDOM_ACTIONS[typeId] && money && isNegative(money))
    ) {
      // the dividend agent's fee, a transfer of own money, a charge for a conversion: not income
      skipped.push({
        row,
        reason: tx('skip.freedomCorporateCharge', {
          type: text(c.type) || typeId,
          amount: money ?? '0',
          currency: text(c.currency),
        }),
      });
      return;
    }
    const action = FREEDOM_ACTIONS[typeId] ?? null;
    // the money row of an exchange (cash in lieu of fractions, a cash part): paid money waits for a person
    const cashOfExchange = action && !CASH_ACTIONS.has(action) && MONEY_ASSET.test(asset) && money && !isZero(money);
    if (action && !cashOfExchange) {
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
    const held = readDecimal(c.q_on_ex_date);
    if (kind === 'repayment' && (!money || isZero(money)) && held && !isZero(held)) {
      // the securities row of a redemption: its money is in the other row of the action
      legs.push({ c, row, actionId: text(c.corporate_action_id), quantity: abs(held) });
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
      if (!reverted) prev.paid = true;
      if (tax) {
        if (prev.tax) prev.tax.amount = add(prev.tax.amount, sign(tax));
        else prev.tax = taxEvent(prev.income, sign(tax), text(c.tax_currency) || currency);
        prev.fromRow = true;
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
      quantity: held || null,
      market: marketOf(splitTickerSuffix(text(c.ticker)).suffix),
      security: kind === 'dividend' ? null : 'bond',
      ...(typeId === DIVIDEND_COMPENSATION
        ? { flag: tx('comment.freedomDividendCompensation', { name: ticker }) }
        : {}),
    };
    byAction.set(actionId, {
      income,
      tax: tax ? taxEvent(income, sign(tax), text(c.tax_currency) || currency) : null,
      fromRow: tax !== null,
      paid: !reverted,
    });
  });

  // the securities row of a redemption gives the quantity of its money row; alone, the money is quantity × per one
  for (const leg of legs) {
    const same = (income: IncomeEvent) =>
      income.kind === 'repayment' &&
      (leg.actionId
        ? income.identity[0] === leg.actionId
        : income.ticker === (text(leg.c.ticker) || null) && income.date === readDate(leg.c.date));
    const paid = [...byAction.values()].find(({ income }) => same(income))?.income;
    if (paid) {
      paid.quantity = paid.quantity ?? leg.quantity;
      skipped.push({
        row: leg.row,
        reason: tx('skip.freedomMaturitySecurities', { name: paid.name, quantity: leg.quantity, row: paid.row }),
      });
      continue;
    }
    const per = readDecimal(leg.c.amount_per_one);
    const date = r.date(leg.row, 'date', leg.c.date);
    const currency = r.currency(leg.row, 'currency', leg.c.currency);
    if (!per) r.fail(leg.row, 'amount', tx('row.fieldMissing', { field: 'amount' }));
    if (!per || !date || !currency) continue;
    const { ticker } = splitTickerSuffix(text(leg.c.ticker));
    const income: IncomeEvent = {
      type: 'income',
      row: leg.row,
      identity: [leg.actionId || ['maturity', leg.c.ticker, leg.c.ex_date, date].join('|')],
      date,
      kind: 'repayment',
      name: ticker || text(leg.c.isin),
      isin: readIsin(leg.c.isin) ?? readIsin(leg.c.issue_nb),
      ticker: text(leg.c.ticker) || null,
      currency,
      amount: mul(leg.quantity, abs(per)),
      quantity: leg.quantity,
      market: marketOf(splitTickerSuffix(text(leg.c.ticker)).suffix),
      security: 'bond',
      flag: tx('comment.freedomMaturityComputed', { quantity: leg.quantity, per: abs(per) }),
    };
    byAction.set(income.identity[0] as string, { income, tax: null, fromRow: false, paid: true });
  }

  // tax rows of an action: already in its payment's tax_amount, else withheld from it, else a tax on its own
  for (const { c, row, actionId } of taxRows) {
    const date = r.date(row, 'date', c.date);
    const amount = r.number(row, 'amount', c.amount);
    const currency = r.currency(row, 'currency', c.currency);
    if (!date || !amount || !currency) continue;
    const withheld = amount.startsWith('-') ? amount.slice(1) : `-${amount}`;
    const paid = actionId ? byAction.get(actionId) : undefined;
    if (paid?.fromRow) {
      skipped.push({
        row,
        reason: tx('skip.freedomTaxInPayment', { type: text(c.type) || text(c.type_id), row: paid.income.row }),
      });
      continue;
    }
    if (paid) {
      if (paid.tax) paid.tax.amount = add(paid.tax.amount, withheld);
      else paid.tax = { ...taxEvent(paid.income, withheld, currency), row, identity: [actionId, 'tax', row] };
      continue;
    }
    const { ticker, suffix } = splitTickerSuffix(text(c.ticker));
    events.push({
      type: 'tax',
      row,
      identity: [actionId || ['tax', c.ticker, c.date, amount].join('|'), 'tax'],
      date,
      name: ticker || text(c.isin) || text(c.comment),
      isin: readIsin(c.isin),
      ticker: text(c.ticker) || null,
      currency,
      market: marketOf(suffix),
      amount: withheld,
      on: 'dividend',
    });
  }

  const read: ActionRows = new Map(compensationsPaid);
  for (const [actionId, { income, tax, paid }] of byAction) {
    read.set(actionId, income.row as string);
    if (!paid && isNegative(income.amount)) {
      // a reversal whose payment is in another period's report: not a negative income of this year
      events.push(reversalWithoutPayment(income));
      continue;
    }
    events.push(income);
    if (tax) events.push(tax);
  }
  return read;
}

/**
 * `type_id` «Компенсация дивидендов»: a payment in lieu of a dividend between the two sides of a repo over the
 * record date («Compensation for corporate action on security (TLT.US) completed repo trade»). Negative: the
 * client held a short position (borrowed shares) and paid it, an expense; positive: the client's shares were
 * lent and the borrower paid it, income that is not the issuer's dividend (status 1). Seen in a public Freedom
 * Finance Armenia report (formats/freedom.md).
 */
const DIVIDEND_COMPENSATION = 'dividend_compensation';

const compensationPaid = (c: Obj, amount: string) =>
  tx('skip.freedomDividendCompensationPaid', {
    name: splitTickerSuffix(text(c.ticker) || tickerInComment(text(c.comment)) || '').ticker || text(c.isin),
    amount,
    currency: text(c.currency).toUpperCase(),
  });

/** Actions whose `amount` is the money paid for the shares given up. */
const CASH_ACTIONS = new Set<CorporateActionKind>(['tender', 'delisted']);

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
  // «Бумаги»: the amount is the signed quantity of the security moved (new +50, old −100), not money
  const securities = SECURITIES_ASSET.test(text(c.asset_type));
  const amount = securities ? null : readDecimal(c.amount);
  const cash = amount && !isZero(amount) ? abs(amount) : null;
  const moved = securities ? readDecimal(c.amount) || null : null;
  const held = readDecimal(c.q_on_ex_date) || null;
  const per = readDecimal(c.amount_per_one) || null;
  const ratio = action === 'split' ? (splitRatioOf(comment) ?? per) : null;
  const { ticker } = splitTickerSuffix(text(c.ticker));
  const quantity = moved
    ? moved
    : action === 'tender' || action === 'delisted'
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

/**
 * A reversal of a dividend or coupon whose payment is not in this report (it was paid in an earlier period, so it
 * is in an earlier year's report): a row the user settles, never a negative income of this year.
 */
const reversalWithoutPayment = (income: IncomeEvent): ReportEvent => ({
  type: 'unknown',
  row: income.row,
  identity: income.identity,
  date: income.date,
  name: income.name,
  isin: income.isin,
  ticker: income.ticker,
  currency: income.currency,
  market: income.market ?? null,
  amount: null,
  quantity: income.quantity ?? null,
  comment: tx('comment.freedomReversalEarlierYear', {
    name: income.name,
    amount: income.amount,
    currency: income.currency,
  }),
});

/** amount_per_one × q_on_ex_date ≈ amount (within 1%) ⇒ the amount is already gross. */
function isGross(c: Obj, amount: string): boolean {
  const per = readDecimal(c.amount_per_one);
  const q = readDecimal(c.q_on_ex_date);
  if (!per || !q) return false;
  const expected = mul(per, q);
  return cmp(abs(sub(expected, amount)), mul(expected, '0.01')) <= 0;
}

/** The corporate action of a cash row: `corporate_action_id`, else the one in its `details` (a JSON text). */
function actionOf(c: Obj): string {
  const own = text(c.corporate_action_id);
  if (own) return own;
  let details = c.details;
  if (typeof details === 'string' && details.trim().startsWith('{')) {
    try {
      details = JSON.parse(details);
    } catch {
      return '';
    }
  }
  return details && typeof details === 'object' ? text((details as Obj).corporate_action_id) : '';
}

const CASH_INCOME: Record<string, 'dividend' | 'coupon'> = {
  dividend: 'dividend',
  [DIVIDEND_COMPENSATION]: 'dividend',
  dividend_reverted: 'dividend',
  coupon: 'coupon',
  coupon_reverted: 'coupon',
};

/**
 * Freedom24-era per-transaction cash ledger: dividends, coupons and taxes. The security is `ticker`, else the one
 * the comment names; rows of one corporate action (`corporate_action_id`, else the one in `details`) share the
 * security of the row that names it (else of its payment), so that the tax joins its payment. A payment of an
 * action already read from `corporate_actions` is the same money and is skipped with the row that has it.
 */
function cashInOuts(
  rows: Obj[],
  label: (i: number) => string,
  actions: ActionRows,
  r: RowReader,
  events: ReportEvent[],
  skipped: ParsedReport['skipped'],
) {
  const read: { action: string; dividend: boolean; reverted: boolean; event: IncomeEvent | TaxEvent }[] = [];
  rows.forEach((c, i) => {
    const row = label(i);
    const type = text(c.type).toLowerCase();
    const income = CASH_INCOME[type];
    if (!income && type !== 'tax' && type !== 'tax_reverted') {
      skipped.push({ row, reason: tx('skip.cashNotIncome', { type: type || tx('value.noType') }) });
      return;
    }
    const action = actionOf(c);
    const counted = action ? actions.get(action) : undefined;
    if (counted) {
      skipped.push({ row, reason: tx('skip.freedomCashRepeat', { row: counted }) });
      return;
    }
    const date = r.date(row, 'datetime', c.pay_d ?? c.datetime ?? c.date);
    const amount = r.number(row, 'amount', c.amount);
    const currency = r.currency(row, 'currency', c.currency);
    if (!date || !amount || !currency) return;
    const compensation = type === DIVIDEND_COMPENSATION;
    if (compensation && isNegative(amount)) {
      skipped.push({ row, reason: compensationPaid(c, amount) });
      return;
    }
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
    // payments arrive positive, their reversals negative; taxes arrive negative, refunds positive
    const event: IncomeEvent | TaxEvent = income
      ? {
          type: 'income',
          ...base,
          kind: income,
          amount,
          ...(income === 'coupon' ? { security: 'bond' as const } : {}),
          ...(compensation ? { flag: tx('comment.freedomDividendCompensation', { name: ticker || full }) } : {}),
        }
      : { type: 'tax', ...base, amount: amount.startsWith('-') ? amount.slice(1) : `-${amount}`, on: 'dividend' };
    read.push({ action, dividend: income !== undefined, reverted: type.endsWith('_reverted'), event });
  });
  // per corporate action: the first row that names a security, else its first payment
  const named = new Map<string, IncomeEvent | TaxEvent>();
  const names = (e: IncomeEvent | TaxEvent) => e.ticker !== null || e.isin !== null;
  for (const { action, dividend, event } of read) {
    if (!action) continue;
    const prev = named.get(action);
    if (!prev || (!names(prev) && (names(event) || (dividend && prev.type === 'tax')))) named.set(action, event);
  }
  const paidAs = new Map<string, 'dividend' | 'coupon'>();
  for (const { action, event } of read)
    if (action && event.type === 'income') paidAs.set(action, event.kind as 'dividend' | 'coupon');
  // actions with a payment row: a reversal of any other action was paid in another period's report
  const paid = new Set(read.filter((x) => x.event.type === 'income' && !x.reverted).map((x) => x.action));
  for (const { action, reverted, event } of read) {
    const source = action ? named.get(action) : undefined;
    if (source && source !== event && !names(event)) {
      event.name = source.name;
      event.isin = source.isin;
      event.ticker = source.ticker;
      event.market = source.market ?? null;
    }
    // a tax withheld from a coupon joins the coupon
    const kind = action ? paidAs.get(action) : undefined;
    if (event.type === 'tax' && kind) event.on = kind;
    if (event.type === 'income' && reverted && action && !paid.has(action) && isNegative(event.amount)) {
      events.push(reversalWithoutPayment(event));
      continue;
    }
    events.push(event);
  }
}

/** `type` of `securities_in_outs` rows: free shares of the broker's promotions, in the report's language. */
const STOCK_AWARD = /^(stock_award|free stocks|подарочные акции|сыйлық акциялары|geschenkaktionen|akcje prezentowe)$/i;
/** Movements between accounts or brokers: not a sale, not income. */
const TRANSFER =
  /^(in|out|transfer|transfer_in|transfer_out|intercompany|deposit|withdrawal|security_in|security_out)$/i;
const TRANSFER_IN = /^(in|transfer_in|deposit|security_in)$/i;
const TRANSFER_OUT = /^(out|transfer_out|withdrawal|security_out)$/i;
/**
 * A transfer named in the report's language (`in_outs_securities` of a Russian report: «Перевод из другого
 * депозитария»): «из» / «from» is in, «в» / «to» is out.
 */
const TRANSFER_WORDS = /перевод|transfer|аудар|przeniesienie|übertrag/i;
const FROM_WORDS = /(^|\s)(из|from|z|von)(\s|$)/i;
const TO_WORDS = /(^|\s)(в|во|to|do)(\s|$)/i;

/**
 * Which way a movement of `securities_in_outs` goes: «in» / «out» (and their synonyms) say it; «transfer»,
 * «intercompany» (between two companies of the group) and a transfer named in words go by their words, else by
 * the sign of the quantity. Null: not a transfer.
 */
function transferDirection(type: string, quantity: string | null): 'in' | 'out' | null {
  if (TRANSFER_IN.test(type)) return 'in';
  if (TRANSFER_OUT.test(type)) return 'out';
  if (!TRANSFER.test(type) && !TRANSFER_WORDS.test(type)) return null;
  if (FROM_WORDS.test(type)) return 'in';
  if (TO_WORDS.test(type)) return 'out';
  return quantity && isNegative(quantity) ? 'out' : 'in';
}

/**
 * Freedom24 `securities_in_outs[]` (`in_outs_securities.detailed[]` in older reports): `type`, `ticker`,
 * `quantity` (signed), `datetime`/`date`, `comment`. A split is a corporate action (its ratio only when the comment
 * says "N for M" or "N:M": "factor 1/3" does not say which way); a conversion gives up and receives shares; free
 * shares of a promotion wait for a person; a transfer in is a purchase asking for its date and cost, a transfer out
 * is skipped with its reason; any other movement waits for a person. Nothing here is money: the rows are counted,
 * not added to the totals.
 */
function securityMoves(
  rows: Obj[],
  section: string,
  trades: TradeInfo,
  r: RowReader,
  events: ReportEvent[],
  skipped: ParsedReport['skipped'],
) {
  // a reorganisation in two rows (old shares given up, new received) is one split: the row giving up is its event
  const reorgEvent = new Map<string, number>();
  rows.forEach((c, i) => {
    const reorg = /^(split|reverse_split)$/i.test(text(c.type)) ? reorgOf(text(c.comment)) : null;
    if (!reorg || reorg.rename) return;
    const group = reorgGroup(c);
    const giving = isNegative(readDecimal(c.quantity ?? c.q) ?? '0');
    if (!reorgEvent.has(group) || (giving && !isNegative(readDecimal(rows[reorgEvent.get(group)!]!.quantity) ?? '0')))
      reorgEvent.set(group, i);
  });
  rows.forEach((c, i) => {
    const row = `${section} №${i + 1}`;
    const typeWord = text(c.type);
    const type = typeWord.toLowerCase();
    if (groupedSummary(c, ['quantity'])) {
      skipped.push({ row, reason: tx('skip.freedomGrouped') });
      return;
    }
    const full = text(c.ticker) || text(c.instr_nm);
    const { ticker, suffix } = splitTickerSuffix(full);
    const quantity = readDecimal(c.quantity ?? c.q) || null;
    const shown = quantity ?? '?';
    const name = ticker || text(c.isin) || full;
    const direction = transferDirection(typeWord, quantity);
    if (direction === 'in' && quantity && !isZero(quantity)) {
      transferIn(c, row, typeWord, full, quantity, trades, r, events);
      return;
    }
    if (direction) {
      skipped.push({ row, reason: tx('skip.freedomSecurityTransfer', { type: typeWord, name, quantity: shown }) });
      return;
    }
    if (/^(maturity|redemption)$/.test(type)) {
      skipped.push({ row, reason: tx('skip.freedomMaturityMove', { name, quantity: shown }) });
      return;
    }
    const date = r.date(row, 'datetime', isBlank(c.datetime) ? (c.date ?? c.pay_d) : c.datetime);
    if (!date) return;
    const currency = text(c.balance_currency ?? c.currency).toUpperCase() || 'USD';
    const identity = [text(c.transaction_id) || text(c.id) || [type, full, date, quantity].join('|')];
    const base = {
      row,
      identity,
      date,
      name,
      isin: readIsin(c.isin) ?? readIsin(c.issue_nb),
      ticker: full || null,
      currency,
      market: marketOf(suffix),
    };
    const comment = text(c.comment) || typeWord;
    const reorg = type === 'split' || type === 'reverse_split' ? reorgOf(comment) : null;
    if (reorg?.rename) {
      // a new ISIN: the row giving up keeps the split under the old ISIN, the new ISIN's FIFO takes its lots
      const side = quantity && isNegative(quantity) ? 'old' : 'new';
      events.push({
        type: 'corporate',
        ...base,
        isin: side === 'old' ? reorg.rename.from : reorg.rename.to,
        action: 'split',
        quantity,
        amount: null,
        ratio: reorg.ratio,
        renamed: { side, ...reorg.rename },
        description: comment,
      });
      return;
    }
    if (reorg) {
      if (reorgEvent.get(reorgGroup(c)) !== i) {
        skipped.push({ row, reason: tx('skip.splitSecondRow', { description: comment }) });
        return;
      }
      events.push({
        type: 'corporate',
        ...base,
        action: 'split',
        quantity,
        amount: null,
        ratio: reorg.ratio,
        description: comment,
      });
      return;
    }
    if (type === 'split' || type === 'reverse_split' || type === 'conversion') {
      const ratio = type === 'conversion' ? null : explicitRatio(comment);
      events.push({
        type: 'corporate',
        ...base,
        action: type === 'conversion' ? 'stock_merger' : 'split',
        quantity,
        amount: null,
        ratio,
        description: comment,
      });
      return;
    }
    events.push({
      type: 'unknown',
      ...base,
      amount: null,
      quantity,
      comment: STOCK_AWARD.test(typeWord)
        ? tx('comment.freedomStockAward', { name, quantity: shown })
        : tx('comment.freedomSecurityMove', { type: typeWord || tx('value.noType'), name, quantity: shown }),
    });
  });
}

/**
 * Securities transferred in from another broker or depository come without their purchase: skipped, a later sale
 * of them would find no lot and ask for the cost without a word of where the shares came from. As IB's `Transfers`
 * and Exante's «SECURITY TRANSFER», the row is a purchase of its quantity with status 1 asking for the date and cost
 * of the purchase (cost 0 until given; the report's `market_value` is the value on the day, not a cost). Currency,
 * type and ISIN are those of the security's trades in the report, else the row's own (`balance_currency`, else
 * USD). Source key: the row's `transaction_id`, else `id`, else its content.
 */
function transferIn(
  c: Obj,
  row: string,
  type: string,
  full: string,
  quantity: string,
  trades: TradeInfo,
  r: RowReader,
  events: ReportEvent[],
) {
  const date = r.date(row, 'datetime', isBlank(c.datetime) ? (c.date ?? c.pay_d) : c.datetime);
  const known = trades.get(full);
  const currency = r.currency(
    row,
    'balance_currency',
    known?.currency ?? (text(c.currency) || text(c.balance_currency) || 'USD'),
  );
  if (!date || !currency) return;
  const { ticker, suffix } = splitTickerSuffix(full);
  const isin = readIsin(c.isin) ?? readIsin(c.issue_nb) ?? known?.isin ?? null;
  const name = ticker || isin || full;
  const count = abs(quantity);
  events.push({
    type: 'trade',
    row,
    identity: ['transfer', text(c.transaction_id) || text(c.id) || [type, full, date, quantity].join('|')],
    date,
    side: 'buy',
    name,
    isin,
    ticker: full || null,
    currency,
    quantity: count,
    amount: '0',
    commission: null,
    market: marketOf(suffix),
    security: known?.security ?? null,
    flag: tx('comment.freedomTransferIn', { name, quantity: count, type }),
  });
}

/**
 * Tradernet's comment of a reorganisation row (`type` «split»): «Reorg New Symbol: 1 TESTA (AAA1234B1234) -> 2
 * TESTB (12345C123) SD 05.09.2020» — the old count, ticker and identifier, the new ones, the settlement day (read
 * so by a public parser of Freedom Finance Europe reports, neshcheretal/ffparser trading/splits.go, and its
 * tests: a rename 1 → 1, a split 1 → 2). Gives new shares per old share, and a new ISIN when the two identifiers
 * are different ISINs (a CUSIP says nothing we can key lots by).
 */
const REORG = /(\d+(?:\.\d+)?)\s+[\w.-]+\s+\(([A-Z0-9]+)\)\s*->\s*(\d+(?:\.\d+)?)\s+[\w.-]+\s+\(([A-Z0-9]+)\)/;

function reorgOf(comment: string): { ratio: string | null; rename: { from: string; to: string } | null } | null {
  const m = REORG.exec(comment);
  if (!m) return null;
  const from = readIsin(m[2]);
  const to = readIsin(m[4]);
  return { ratio: splitRatioOf(`${m[3]} for ${m[1]}`), rename: from && to && from !== to ? { from, to } : null };
}

/** The rows of one reorganisation: its comment and day. */
const reorgGroup = (c: Obj) => `${text(c.comment)}|${text(c.datetime ?? c.date).slice(0, 10)}`;

/** "Split 4 for 1", "3:1" → new shares per old share; a bare fraction ("factor 1/3") says nothing. */
function explicitRatio(comment: string): string | null {
  const m = /(\d+(?:\.\d+)?)\s*(?:for|за|:)\s*(\d+(?:\.\d+)?)/i.exec(comment);
  return m ? splitRatioOf(`${m[1]} for ${m[2]}`) : null;
}

/**
 * A trade that is not an ordinary purchase or sale (formats/freedom.md): a leg of a repo (`repo_operation` set,
 * `repo_close` set, `instr_type` 8/9/10, «repo»/«РЕПО» in the comment) — a loan secured by the securities, whose
 * legs' difference is interest; an equity swap (`instr_type` 18); shares delivered under an option
 * (`instr_type` 17, `trade_nb` «option_delivery»), whose premium the report does not join to the trade. The trade
 * is kept as it is and waits for a person (status 1): no layout seen pairs the legs or gives the premium.
 */
function tradeFlag(t: Obj, typeCode: string): string | null {
  const repoOperation = noRepo(t.repo_operation) ? '' : text(t.repo_operation);
  const repoClose = noRepo(t.repo_close) ? '' : text(t.repo_close);
  if (repoOperation || repoClose || REPO_TYPES.has(typeCode) || REPO_WORDS.test(text(t.comment))) {
    const start = readDecimal(t.StartCash);
    const end = readDecimal(t.EndCash);
    const detail = [
      repoOperation && `repo_operation «${repoOperation}»`,
      repoClose && `repo_close «${repoClose}»`,
      typeCode && `instr_type ${typeCode}`,
      start && end && !isZero(start) && !isZero(end) ? `StartCash ${start}, EndCash ${end}` : '',
    ]
      .filter(Boolean)
      .join(', ');
    return tx('comment.freedomRepo', { detail: detail || 'REPO' });
  }
  if (typeCode === EQUITY_SWAP_TYPE) return tx('comment.freedomEquitySwap');
  if (
    typeCode === OPTION_EXERCISE_TYPE ||
    OPTION_DELIVERY.test(text(t.trade_nb)) ||
    OPTION_DELIVERY.test(text(t.comment))
  )
    return tx('comment.freedomOptionDelivery');
  return null;
}

/**
 * The security type of a trade: `instr_type` 1 is every share-like instrument, and `instr_kind` says which
 * (Tradernet «Instruments details»: «ordinary stock», «fund/ ETF», «depositary receipt»; the Russian report
 * writes «фонд/ETF»): an ETF is a fund, not a share, for the declaration's type of security.
 */
function securityOfTrade(t: Obj): SecurityKind | null {
  const byType = securityKindOf(text(t.instr_type) || null);
  if (byType !== null && byType !== 'share') return byType;
  const kind = text(t.instr_kind);
  if (/ETF|фонд|fund/i.test(kind)) return 'fund';
  if (/расписк|receipt|\b[AG]DR\b/i.test(kind)) return 'depositary_receipt';
  return byType;
}

/** `commissions` `type` of a trade's fee, in the report's language: «For trade: 123», «За сделку: 123», … */
const TRADE_FEE =
  /^(for trade|für eine transaktion|за сделку|мәміле үшін|за угоду|za transakcję|por trato|pour l'offre|per operazione|per transactie|para transação|til handel|tehingu eest|za transakce|за сделка|pentru tranzacționare|už sandorį|για τη συναλλαγή|барои муомила|交易手续费)/i;
/** The trade id at the end of a fee's `type`: «For trade: 123456» */
const FEE_TRADE_ID = /[:：]\s*([\w/-]+)\s*$/;

/**
 * `commissions.detailed[]` (Freedom24 / Tradernet «accrued commissions»: `datetime`, `currency`, `sum`, `type`,
 * `comment`). A trade's fee («For trade: <trade_id>») belongs to that trade's cost: it fills the trade's
 * commission when the trade row has none, else it is the same fee; other charges (interest for the use of funds,
 * withdrawal fees) are expenses, not income. Every row is accounted as skipped with its reason.
 */
function commissions(rows: Obj[], r: RowReader, events: ReportEvent[], skipped: ParsedReport['skipped']) {
  if (!rows.length) return;
  const trades = new Map<string, TradeEvent>();
  for (const e of events) if (e.type === 'trade') trades.set(String(e.identity[0]), e);
  rows.forEach((c, i) => {
    const row = `commissions №${i + 1}`;
    if (groupedSummary(c, ['sum'])) {
      skipped.push({ row, reason: tx('skip.freedomGrouped') });
      return;
    }
    const type = text(c.type) || text(c.type_id);
    const sum = r.optionalNumber(row, 'sum', c.sum ?? c.amount);
    if (sum === false) return;
    const amount = abs(sum ?? '0');
    const currency = text(c.currency).toUpperCase();
    const id = FEE_TRADE_ID.exec(type)?.[1] ?? '';
    const trade = id ? trades.get(id) : undefined;
    if (trade) {
      if (trade.commission === null && !isZero(amount)) {
        trade.commission = amount;
        trade.commissionCurrency = currency || null;
      }
      skipped.push({
        row,
        reason: tx('skip.freedomCommissionInTrade', { trade: id, amount, currency, row: String(trade.row) }),
      });
      return;
    }
    if (id && TRADE_FEE.test(type)) {
      skipped.push({ row, reason: tx('skip.freedomCommissionNoTrade', { trade: id, amount, currency }) });
      return;
    }
    skipped.push({
      row,
      reason: tx('skip.freedomCommissionOther', { type: type || tx('value.noType'), amount, currency }),
    });
  });
}

/** `cash_flows` `type_id` of the client's own money: deposits, withdrawals, blocks of money for orders. */
const OWN_MONEY =
  /^(bank|deposit|withdrawal|card|block|unblock|block_commission|unblock_commission|transfer|intercompany|in|out)$/i;
/** `cash_flows` `type_id` whose money the trades and commissions sections already give. */
const IN_OTHER_SECTIONS = /^(trade|trades|commission|commissions|commission_for_trades|fee|conversion)$/i;
const CASH_FLOW_INCOME = /^((dividend|coupon|tax)(_reverted)?|dividend_compensation)$/i;

/**
 * `cash_flows.detailed[]` (`date`, `type_id`, `amount`, `currency`, `comment`): every movement of money of the
 * period. Payments (`dividend`, `coupon`, `tax`) are the same money as `corporate_actions` / `cash_in_outs`:
 * skipped as repeats when the report has those, else read as the cash ledger. Deposits, withdrawals and blocks are
 * own money; trades and fees are in their sections; interest charged is an expense; interest paid to the client
 * is income (the classifier flags it for a KZ broker); any other type is skipped with its name.
 */
function cashFlows(
  rows: Obj[],
  incomeElsewhere: boolean,
  actions: ActionRows,
  r: RowReader,
  events: ReportEvent[],
  skipped: ParsedReport['skipped'],
) {
  const ledger: { c: Obj; i: number }[] = [];
  rows.forEach((c, i) => {
    const row = `cash_flows №${i + 1}`;
    if (groupedSummary(c, ['amount'])) {
      skipped.push({ row, reason: tx('skip.freedomGrouped') });
      return;
    }
    const typeId = text(c.type_id) || text(c.type);
    const amount = readDecimal(c.amount ?? c.sum) ?? '0';
    const currency = text(c.currency).toUpperCase();
    const values = { type: typeId || tx('value.noType'), amount, currency };
    if (CASH_FLOW_INCOME.test(typeId)) {
      if (incomeElsewhere) skipped.push({ row, reason: tx('skip.freedomCashFlowRepeat', values) });
      else ledger.push({ c: { ...c, type: typeId }, i });
      return;
    }
    if (/^interest$/i.test(typeId) && !isNegative(amount) && !isZero(amount)) {
      const date = r.date(row, 'date', c.date ?? c.datetime);
      const money = r.currency(row, 'currency', c.currency);
      if (!date || !money) return;
      events.push({
        type: 'income',
        row,
        identity: [text(c.id) || ['interest', date, amount, money].join('|')],
        date,
        kind: 'interest',
        name: text(c.comment) || typeId,
        isin: null,
        ticker: null,
        currency: money,
        amount,
      });
      return;
    }
    if (/^interest$/i.test(typeId)) skipped.push({ row, reason: tx('skip.freedomCommissionOther', values) });
    else if (OWN_MONEY.test(typeId)) skipped.push({ row, reason: tx('skip.freedomCashFlowOwn', values) });
    else if (IN_OTHER_SECTIONS.test(typeId)) skipped.push({ row, reason: tx('skip.freedomCashFlowRepeat', values) });
    else skipped.push({ row, reason: tx('skip.cashNotIncome', { type: values.type }) });
  });
  if (ledger.length)
    cashInOuts(
      ledger.map((x) => x.c),
      (k) => `cash_flows №${ledger[k]!.i + 1}`,
      actions,
      r,
      events,
      skipped,
    );
}
