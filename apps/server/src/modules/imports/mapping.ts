import {
  CORPORATE_ACTION_KINDS,
  importerFieldsOf,
  MSG,
  OPERATIONS_BY_SECTION,
  operationError,
  ruYear,
  SECTIONS,
  type SectionDef,
  sectionApplies,
} from '@deklarant/contracts';
import { type ImportedDeal, importerText } from '@deklarant/importers';
import { corporateActionRule, SUPPORTED_YEARS } from '@deklarant/tax';
import { COMMENT_MAX, cut } from '../../lib/comment.ts';

/**
 * Importer deals → deal rows: reference ids (market, security type, bidding method, country,
 * operation type) and the section's own fields. Pure and synchronous: no rates, no database
 * (KZT amounts are added afterwards by the deals module's computeDeal, FIFO by fifo.ts).
 */

export interface ImportRefs {
  /** alpha-3 → countries.id */
  countryId: Map<string, number>;
  /** ISO codes the currencies reference knows */
  currencies: Set<string>;
}

export type Fields = Record<string, unknown>;

export interface MappedDeal {
  section: SectionDef;
  kind: ImportedDeal['kind'];
  source_key: string;
  status: 1 | null;
  /** the importer's explanation; the stored comment is this with `remarks`, within the form's limit (commentOf) */
  comment: string | null;
  /** the server's own remarks: an unknown currency, the year's rule, a commission folded in, a missing rate */
  remarks?: string[];
  /** dd.mm.yyyy */
  transaction_date: string;
  currency_code: string;
  /** the section's own fields (what the deal form edits) */
  fields: Fields;
  /** FIFO identity (ISIN or name, upper case), for sales and purchases */
  securityKey: string | null;
  /** broker commission (with transaction taxes), in `commissionCurrency` or else the deal currency */
  commission: string | null;
  /** the commission's own currency when it differs from the deal's (prepare.ts converts it) */
  commissionCurrency: string | null;
  /** report row, for messages */
  row: number | string;
  file: number;
  /** a stock merger's new shares: the old security whose lot cost they take over (carry.ts) */
  carryFrom?: ImportedDeal['carry_from'];
}

export interface Skip {
  file: number;
  row: number | string;
  reason: string;
}

const SECTION_BY_KEY = new Map(SECTIONS.map((s) => [s.key, s]));
export const sectionByKey = (key: string) => SECTION_BY_KEY.get(key);

/** markets reference ids (reference-data/markets.json) */
const MARKET = {
  KASE: 1,
  AIX: 2,
  FOREIGN: 3,
  KZ_OTC: 4,
  NYSE: 5,
  NASDAQ: 6,
  LSE: 7,
  XETRA: 8,
  EURONEXT: 9,
  HKEX: 10,
  MOEX: 11,
  SPB: 12,
  FOREIGN_OTC: 13,
  CRYPTO: 14,
} as const;

const FOREIGN_VENUES: [RegExp, number][] = [
  [/^(NYSE|ARCA|AMEX|NYSEARCA|NYSE ?AMERICAN|BATS|CBOE)$/, MARKET.NYSE],
  [/^(NASDAQ|ISLAND|NMS|NASDAQ ?GS|NASDAQ ?GM|NASDAQ ?CM)$/, MARKET.NASDAQ],
  [/^(LSE|LSEETF|LSEIOB1|LONDON)$/, MARKET.LSE],
  [/^(IBIS|IBIS2|XETRA|FWB|FWB2|GETTEX|FRA|TGATE|SWB)$/, MARKET.XETRA],
  [/^(AEB|SBF|EBS|ENEXT(\.BE)?|EURONEXT|BVME|BM)$/, MARKET.EURONEXT],
  [/^(SEHK|HKEX|HKFE)$/, MARKET.HKEX],
  [/^(MOEX|MICEX)$/, MARKET.MOEX],
  [/^(SPB|SPBEX)$/, MARKET.SPB],
  [/^(OTC|PINK|OTCBB|VALUE|IBKRATS)$/, MARKET.FOREIGN_OTC],
];

export function marketIdOf(d: Pick<ImportedDeal, 'market' | 'exchange' | 'type_of_security'>): number {
  if (d.type_of_security === 'digital_asset') return MARKET.CRYPTO;
  const venue = (d.exchange ?? '').trim().toUpperCase();
  if (d.market === 'KZ') {
    if (/AIX|МФЦА/.test(venue)) return MARKET.AIX;
    if (/OTC|ВНЕБИРЖ/.test(venue)) return MARKET.KZ_OTC;
    return MARKET.KASE;
  }
  for (const [re, id] of FOREIGN_VENUES) if (re.test(venue)) return id;
  return MARKET.FOREIGN;
}

/** security_types ids (reference-data/security_types.json) */
export function securityTypeIdOf(
  d: Pick<ImportedDeal, 'type_of_security' | 'isin_security' | 'country_code'>,
): number | null {
  switch (d.type_of_security) {
    case 'share':
      return 1;
    case 'bond':
      // Kazakhstan government securities carry KZK… ISINs (МЕУКАМ, МЕОКАМ, МЕККАМ, МЕУЖКАМ).
      return (d.isin_security ?? '').toUpperCase().startsWith('KZK') ? 3 : 2;
    case 'fund':
      return d.country_code && d.country_code !== 'KAZ' ? 8 : 4;
    case 'depositary_receipt':
      return 5;
    case 'digital_asset':
      return 6;
    case 'derivative':
      return 7;
    case 'other':
    case 'currency':
      return 9;
    default:
      return null;
  }
}

/** bidding_methods: open trading on an exchange, "no organised trading" off exchange. */
const biddingOf = (marketId: number) => (marketId === MARKET.KZ_OTC || marketId === MARKET.FOREIGN_OTC ? 5 : 1);

const yearOf = ruYear;

/** Where a deal dated outside the tax year goes: earlier purchases are kept as previous-period lots. */
function outsideYear(d: ImportedDeal, year: number): string | null {
  const y = yearOf(d.transaction_date);
  if (y === year) return null;
  if (y < year && d.section === 'purchase_transaction_section') return null;
  return MSG.importOutsideYear(year);
}

export const securityKeyOf = (isin: string | null | undefined, name: string | null | undefined) =>
  (isin || name || '').trim().toUpperCase();

/**
 * Maps one file's deals. Deals whose section does not exist in this form/year, or dated outside the
 * tax year (except earlier purchases, which are FIFO lots), are skipped with a Russian reason.
 */
export function mapDeals(
  deals: readonly ImportedDeal[],
  ctx: { year: number; form: number; refs: ImportRefs; file: number; broker?: string | undefined },
): { mapped: MappedDeal[]; skipped: Skip[] } {
  const mapped: MappedDeal[] = [];
  const skipped: Skip[] = [];
  const { refs } = ctx;
  for (const d of deals) {
    const section = SECTION_BY_KEY.get(d.section);
    if (!section || !sectionApplies(section, ctx.form, ctx.year)) {
      skipped.push({
        file: ctx.file,
        row: d.row,
        reason: importerText('skip.sectionNotInForm', { name: d.name_security }),
      });
      continue;
    }
    const outside = outsideYear(d, ctx.year);
    if (outside) {
      skipped.push({ file: ctx.file, row: d.row, reason: outside });
      continue;
    }
    let status = d.status;
    const comments: string[] = [];
    const currency = d.currency_code.toUpperCase();
    if (!refs.currencies.has(currency)) {
      status = 1;
      comments.push(importerText('comment.currencyNotInList', { currency }));
    }
    // A partner's file may say any operation: one the section does not allow (a sale as «Покупка») is
    // not kept but left for the person to choose, so the deal waits instead of being taxed wrongly.
    const opIssue =
      d.operation_type_id === null || !OPERATIONS_BY_SECTION[section.code]
        ? null
        : operationError(section.code, d.operation_type_id);
    if (opIssue) {
      status = 1;
      comments.push(`${opIssue}.`);
    }
    if (d.corporate_action && SUPPORTED_YEARS.includes(ctx.year)) {
      // the year's rule (packages/tax/src/corporate-actions.ts): named in the comment, confirmed by a person when uncertain
      const rule = corporateActionRule(d.corporate_action, ctx.year);
      comments.push(importerText('comment.yearRule', { year: ctx.year, rule: rule.value.name }));
      if (rule.uncertain) {
        status = 1;
        comments.push(importerText('comment.ruleUncertain', { source: rule.source }));
      }
    }
    const countryId = d.country_code ? (refs.countryId.get(d.country_code) ?? null) : null;
    const fields = inDictionary(
      section.code,
      withoutBlanks(
        fieldsOf(opIssue ? { ...d, operation_type_id: null } : d, section, ctx.form, countryId, ctx.broker),
      ),
    );
    const trade = d.kind === 'sale' || d.kind === 'purchase';
    const m: MappedDeal = {
      section,
      kind: d.kind,
      source_key: d.source_key,
      status,
      comment: d.comment,
      remarks: comments,
      transaction_date: d.transaction_date,
      currency_code: currency,
      fields,
      securityKey: trade ? securityKeyOf(d.isin_security, d.name_security) : null,
      commission: d.commission,
      commissionCurrency: d.commission_currency ? d.commission_currency.toUpperCase() : null,
      row: d.row,
      file: ctx.file,
    };
    if (d.carry_from) m.carryFrom = d.carry_from;
    mapped.push(m);
  }
  return { mapped, skipped };
}

/** The broker's own description quoted in an explanation: «…» of some length, with its brackets. */
const QUOTED = /\s*\(«[^»]*»\)|\s*«[^»]{24,}»/g;
/** An aside in brackets (a legal source, a proportion): the first thing a remark gives up. */
const ASIDE = /\s*\([^()]{15,}\)/g;
/** Asides removed, the innermost first: a legal source may hold brackets of its own. */
function withoutAsides(text: string): string {
  let before: string;
  let after = text;
  do {
    before = after;
    after = before.replace(ASIDE, '');
  } while (after !== before);
  return after;
}
/** The treatment sentences of corporate actions: the year's rule says the same. */
const TREATMENTS = CORPORATE_ACTION_KINDS.map((k) => importerText(`corporate.how.${k}`));
/** "Корпоративное действие" and "Правило": an explanation of a corporate action, the year's rule remark */
const CORPORATE_PREFIX = importerText('corporate.commentBare', { what: '', how: '' }).split(':')[0]!;
const RULE_PREFIX = importerText('comment.yearRule', { year: 0, rule: '' }).split(' ')[0]!;

/**
 * The importer's explanation and the server's own remarks (currency, operation, the year's rule, a commission,
 * a missing rate) within the form's limit, so that an imported deal saves unchanged. What gives way, in order:
 * the broker's quoted description, the generic treatment sentence of a corporate action, asides in brackets,
 * the year's rule when the explanation already names the action; then the explanation's last sentences.
 * The remarks that say why a deal waits are kept whole.
 */
export function fitComment(explanation: string | null, remarks: readonly string[]): string | null {
  const join = (first: string | null, rest: readonly string[] = remarks) =>
    [first, ...rest].filter(Boolean).join(' ') || null;
  const fits = (t: string | null) => !t || t.length <= COMMENT_MAX;
  let text = explanation;
  let rest = remarks;
  if (fits(join(text, rest))) return join(text, rest);
  const steps: (() => void)[] = [
    () => {
      text = text?.replace(QUOTED, '') ?? null;
    },
    () => {
      for (const t of TREATMENTS) text = text?.replace(` ${t}`, '') ?? null;
    },
    () => {
      text = text && withoutAsides(text);
      rest = rest.map(withoutAsides);
    },
    () => {
      if (text?.startsWith(CORPORATE_PREFIX)) rest = rest.filter((r) => !r.startsWith(RULE_PREFIX));
    },
  ];
  for (const step of steps) {
    step();
    if (fits(join(text, rest))) return join(text, rest);
  }
  const room = COMMENT_MAX - (join(null, rest)?.length ?? 0) - 1;
  return room > 40 ? join(cut(text, room), rest) : cut(join(text, rest));
}

/** Adds a server remark to the deal (see MappedDeal.remarks). */
export const remark = (m: MappedDeal, text: string) => {
  m.remarks = [...(m.remarks ?? []), text];
};

/** The comment stored with the deal. */
export const commentOf = (m: MappedDeal): string | null => fitComment(m.comment, m.remarks ?? []);

/**
 * Only the fields the section dictionary (packages/contracts/src/sections) gives this section: what the
 * deal form shows, validates and converts. An importer's fact the section has no field for (a foreign tax
 * on a I.A sale, an operation type on a dividend) is not stored where nothing would read it.
 */
function inDictionary(code: SectionDef['code'], f: Fields): Fields {
  const known = importerFieldsOf(code);
  const out: Fields = {};
  for (const k in f) if (k in known) out[k] = f[k];
  return out;
}

/** The deal form's normal form: no null or blank values (the save path drops them the same way). */
function withoutBlanks(f: Fields): Fields {
  const out: Fields = {};
  for (const k in f) {
    const v = f[k];
    if (v !== null && v !== undefined && v !== '') out[k] = v;
  }
  return out;
}

function fieldsOf(
  d: ImportedDeal,
  section: SectionDef,
  form: number,
  countryId: number | null,
  broker?: string,
): Fields {
  const isin = d.isin_security ? d.isin_security.toUpperCase() : null;
  if (section.key === 'sixth_section_second_part') {
    return {
      bank_name: d.bank_name ?? d.name_security,
      amount_in_currency: d.amount_in_currency,
      currency_code: d.currency_code,
      country_code_id: countryId,
    };
  }
  if (section.key === 'sixth_section_first_part') {
    return {
      name_security: d.name_security,
      isin_security: isin,
      quantity: d.quantity,
      country_code_registration_id: countryId,
      ...(form === 3 ? { type_of_security: securityTypeIdOf(d) } : {}),
    };
  }
  const marketId = marketIdOf(d);
  const f: Fields = {
    transaction_date: d.transaction_date,
    name_security: d.name_security,
    isin_security: isin,
    currency_code: d.currency_code,
    operation_type_id: d.operation_type_id,
    country_code_registration_id: countryId,
    type_of_security: securityTypeIdOf(d),
    market_id: marketId,
    foreign_tax_credit: d.foreign_tax_credit ?? '0',
  };
  // a broker outside Kazakhstan has no BIN: the deal form then does not ask for one
  if (d.foreign_broker) {
    f.foreign_broker = true;
    if (broker) f.broker_name = broker;
  }
  if (d.quantity !== null) f.quantity = d.quantity;
  if (d.kind === 'purchase') {
    f.purchase_opening_cost = d.purchase_opening_cost;
    f.type_of_bidding_method = biddingOf(marketId);
  } else if (d.kind === 'sale' || section.code === '1A' || section.code === '2' || section.code === '1C') {
    f.sale_closing_cost = d.sale_closing_cost;
    if (d.purchase_opening_cost !== null) f.purchase_opening_cost = d.purchase_opening_cost;
    f.type_of_bidding_method = biddingOf(marketId);
  } else {
    // dividends, coupons, interest, repayments: the gross payment; the tax withheld abroad stays with it
    f.sale_closing_cost = d.sale_closing_cost;
    // a bond repayment's remuneration is the repayment minus the cost (tax profit rule «repayment»)
    if (d.kind === 'repayment' && d.purchase_opening_cost !== null) f.purchase_opening_cost = d.purchase_opening_cost;
  }
  return f;
}
