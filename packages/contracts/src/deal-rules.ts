import { isCalendarRuDate, ruYear } from './dates.ts';
import { iinIssue } from './identity.ts';
import { MSG } from './messages.ts';
import { operationError } from './operations.ts';
import { DEBT_TYPES, fieldSpec, requiredOf, SECTION_DICTIONARY, sectionFieldOf } from './sections/index.ts';
import { isBlank, roundHalfUp, SCALE, scaled, text } from './sections/rules.ts';
import type { SectionCode } from './sections.ts';
import { fieldsFormat, fieldsText } from './texts.ts';

/**
 * Deal form rules shared by web and server (docs/sections.md), read from the section dictionary
 * (sections/): which fields each section requires and the format of every field. Dependency-free on
 * purpose (no decimal library): amounts are compared as scaled BigInts.
 */

type Input = Readonly<Record<string, unknown>>;
export interface DealRuleContext {
  /** 1 = 240.00, 2 = 250.00, 3 = 270.00 */
  form: number;
  year: number;
  /** KZT per unit of the row currency (year-end rate) for the 250-1 limit; omit for KZT */
  rate?: string | number;
  /** 250-1: the cash limit of the year in KZT (10 000 МРП, packages/tax cashLimitKzt); omitted, not checked here */
  cashLimitKzt?: string;
}

/** The rules' own messages: rule.* of the `fields` catalogue (shared ones are MSG, the errors catalogue). */
export const DEAL_RULE_TEXT = {
  dateFormat: fieldsText('rule.dateFormat'),
  dateInYear: (year: number) => fieldsFormat('rule.dateInYear', { year }),
  dateNotAfterYear: (year: number) => fieldsFormat('rule.dateNotAfterYear', { year }),
  cash250Limit: (limit: string) =>
    fieldsFormat('rule.cash250Limit', { limit: limit.replace(/\B(?=(\d{3})+(?!\d))/g, ' ') }),
  amount4: fieldsText('rule.amount4'),
} as const;

/**
 * "Deal form required fields" of docs/sections.md, as the section dictionary declares them
 * (sections/income.ts, assets.ts): the fields each section requires in every case. Required-when
 * rules (the BIN of a Kazakh broker, the 1B ISIN over the threshold, the 5-1 security type on
 * 270.00) are applied by `requiredFields`.
 */
export const REQUIRED_FIELD_RULES: readonly { field: string; codes: readonly SectionCode[] }[] = (() => {
  // An empty 240.00 deal: a Kazakh broker, no gain, no 270.00-only field.
  const byField = new Map<string, SectionCode[]>();
  for (const code of Object.keys(SECTION_DICTIONARY) as SectionCode[])
    for (const field of requiredOf(code, {}, { form: 1, year: 0 }))
      byField.set(field, [...(byField.get(field) ?? []), code]);
  return [...byField].map(([field, codes]) => ({ field, codes }));
})();

export { ISIN_GAIN_THRESHOLD_KZT, normalizeDecimal } from './sections/rules.ts';

const AMOUNT_RE = /^\d{1,16}([.,]\d{1,2})?$/;
/** KZT equivalents are the product's own figures (rate × amount): shown in KZT with up to 4 decimals (CODE_STYLE.md, money). */
const KZT_AMOUNT_RE = /^\d{1,16}([.,]\d{1,4})?$/;
const QUANTITY_RE = /^\d{1,16}([.,]\d{1,5})?$/;
/** A share: up to 3 integer digits; extra decimals are rounded to hundredths on save, not refused. */
const PERCENT_RE = /^\d{1,3}([.,]\d+)?$/;
const ISIN_RE = /^[A-Za-z0-9]{1,30}$/;

/** Required fields of a section for this input (conditional rules included), in screen order. */
export function requiredFields(code: SectionCode, input: Input, ctx: DealRuleContext): string[] {
  return requiredOf(code, input, ctx);
}

const DATE_TEXT = (code: SectionCode, field: string, value: string, ctx: DealRuleContext): string | null => {
  if (!isCalendarRuDate(value)) return DEAL_RULE_TEXT.dateFormat;
  const year = ruYear(value);
  // Purchases behind a sale (history, purchase date) may be older than the report year.
  const older = field === 'purchase_transaction_date' || code === 'history';
  if (year > ctx.year) return older ? DEAL_RULE_TEXT.dateNotAfterYear(ctx.year) : DEAL_RULE_TEXT.dateInYear(ctx.year);
  if (year < ctx.year && !older) return DEAL_RULE_TEXT.dateInYear(ctx.year);
  return null;
};

/** The format check of one filled field, chosen by the dictionary's format of the field. */
function formatError(code: SectionCode, field: string, raw: unknown, ctx: DealRuleContext): string | null {
  const value = text(raw);
  const spec = fieldSpec(field);
  const own = sectionFieldOf(code, field);
  switch (spec?.format) {
    case 'amount4':
      return KZT_AMOUNT_RE.test(value) ? null : DEAL_RULE_TEXT.amount4;
    case 'amount2':
      return AMOUNT_RE.test(value) ? null : MSG.amount2;
    case 'quantity5':
      return QUANTITY_RE.test(value) ? null : MSG.number5;
    case 'percent': {
      const n = PERCENT_RE.test(value) ? scaled(roundHalfUp(value, spec.roundTo ?? 2)) : null;
      return n !== null && n >= scaled('0.01')! && n <= scaled('100')! ? null : MSG.percent;
    }
    case 'date':
      return DATE_TEXT(code, field, value, ctx);
    case 'isin':
      if (value.length > 30) return MSG.maxN(30);
      return ISIN_RE.test(value) ? null : MSG.checkInput;
    case 'bin':
      if (value[2] === '-') return /^\d{2}-\d{7}$/.test(value) ? null : MSG.checkInput;
      return /^\d{12}$/.test(value) ? null : MSG.len12;
    case 'iin':
      return iinIssue(value);
    // A sale with "Покупка" would lose its exemption silently: each section takes only its own operations.
    case 'operation':
      return operationError(code, raw);
    case 'select':
      // the other selects hold reference ids, checked against their lists when the deal is saved
      return field === 'debt_type' && !(DEBT_TYPES as readonly string[]).includes(value) ? MSG.checkSelected : null;
    default:
      if (own?.widget === 'digits' && !/^\d+$/.test(value)) return MSG.digitsOnly;
      if (typeof raw === 'string') {
        const max = own?.maxLength ?? 255;
        if (value.length > max) return MSG.maxN(max);
      }
      return null;
  }
}

/** KZT equivalent check of docs/sections.md: a 250-1 amount above 10 000 МРП of the year blocks saving. */
function cashLimitError(input: Input, ctx: DealRuleContext): string | null {
  const amount = scaled(input.amount);
  const limit = ctx.cashLimitKzt === undefined ? null : scaled(ctx.cashLimitKzt);
  if (amount === null || limit === null) return null;
  const rate = ctx.rate === undefined ? 10n ** BigInt(SCALE) : scaled(ctx.rate);
  if (rate === null) return null;
  const kzt = amount * rate; // scaled by 10^16
  return kzt > limit * 10n ** BigInt(SCALE) ? DEAL_RULE_TEXT.cash250Limit(ctx.cashLimitKzt as string) : null;
}

/**
 * Validates one deal form. Returns only the fields in error, each with its Russian messages
 * (422 `errors` shape). Required first; format checks only for filled fields.
 */
export function validateDeal(code: SectionCode, input: Input, ctx: DealRuleContext): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => {
    errors[field] = [...(errors[field] ?? []), message];
  };
  for (const field of requiredFields(code, input, ctx)) {
    if (isBlank(input[field])) add(field, fieldSpec(field)?.widget === 'select' ? MSG.selectValue : MSG.required);
  }
  for (const [field, raw] of Object.entries(input)) {
    if (isBlank(raw) || errors[field] || typeof raw === 'boolean') continue;
    const message = formatError(code, field, raw, ctx);
    if (message) add(field, message);
  }
  if (code === '250-1' && !errors.amount) {
    const message = cashLimitError(input, ctx);
    if (message) add('amount', message);
  }
  return errors;
}
