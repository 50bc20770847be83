import { isCalendarRuDate, ruYear } from './dates.ts';
import { DEAL_ID_FIELDS } from './deals.ts';
import { iinIssue } from './identity.ts';
import { MSG } from './messages.ts';
import { operationError } from './operations.ts';
import type { SectionCode } from './sections.ts';

/**
 * Deal form rules shared by web and server (docs/sections.md): which fields each section requires,
 * and the format of every field. Dependency-free on purpose (no decimal library): amounts are
 * compared as scaled BigInts.
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

export const DEAL_RULE_TEXT = {
  dateFormat: 'Введите дату в формате дд.мм.гггг',
  dateInYear: (year: number) => `Выберите дату с 01.01.${year} по 31.12.${year}`,
  dateNotAfterYear: (year: number) => `Дата не может быть позже 31.12.${year}`,
  cash250Limit: (limit: string) =>
    `Сумма превышает ${limit.replace(/\B(?=(\d{3})+(?!\d))/g, ' ')} тенге в эквиваленте (10 000 МРП): такую запись сохранить нельзя`,
  amount4: 'Введите число (до 4х знаков после запятой)',
} as const;

const DEAL_FORM_CODES = ['1A', '1B', '1C', '2', '3', '4', 'rental', 'purchase', 'history'] as const;
const allBut = (...except: SectionCode[]) => DEAL_FORM_CODES.filter((c) => !except.includes(c));

/**
 * "Deal form required fields" of docs/sections.md, line by line. broker_bin is required "for most
 * sections except 5-1": every deal-form section. Conditional rules are in `requiredFields`.
 */
export const REQUIRED_FIELD_RULES: readonly { field: string; codes: readonly SectionCode[] }[] = [
  { field: 'name_security', codes: [...DEAL_FORM_CODES, '5-1'] },
  { field: 'transaction_date', codes: allBut('rental') },
  { field: 'currency_code', codes: allBut('rental') },
  { field: 'quantity', codes: ['1A', '1B', '1C', '3'] },
  { field: 'type_of_security', codes: ['1A', '1B', '3', '4'] },
  { field: 'purchase_opening_cost', codes: ['1A', '2', 'purchase'] },
  { field: 'market_id', codes: ['1A', '2', 'purchase'] },
  { field: 'type_of_bidding_method', codes: ['1A', '2', 'purchase'] },
  { field: 'operation_type_id', codes: ['1A', '2', 'purchase'] },
  { field: 'sale_closing_cost', codes: ['1A', '2', '1B', '3', '4', '1C', 'rental'] },
  { field: 'isin_security', codes: ['1A', '2', 'purchase'] },
  { field: 'broker_bin', codes: DEAL_FORM_CODES },
  { field: 'country_code_registration_id', codes: ['1B', '2', '3', '4', 'purchase', '5-1'] },
];

/**
 * Asset sections and form 250 rows: no required list was given, so these follow the row fields
 * of docs/sections.md (form 250 section 8 is optional as a section, not field by field).
 */
export const REQUIRED_ASSET_FIELDS: Readonly<Partial<Record<SectionCode, readonly string[]>>> = {
  '5-2': ['bank_name', 'amount_in_currency', 'currency_code', 'country_code_id'],
  '7': ['name_creditor', 'debt_type', 'amount_owed', 'currency_code_id'],
  '250-1': ['amount', 'currency_code_id'],
  '250-2': ['name', 'isin_security', 'country_id', 'quantity', 'currency_code_id', 'purchase_price'],
  '250-3': ['name', 'nominal_value', 'currency_code_id'],
  '250-4': ['name', 'country_id', 'id_number', 'location'],
  '250-5': ['kind_of_transport', 'brand_model', 'country_id', 'id_number', 'vin_number'],
  '250-6': ['bank_name', 'amount', 'currency_code_id', 'country_id'],
  '250-7': ['company_name', 'shareholding_size', 'country_id'],
  '250-8': ['name', 'quantity', 'property_value', 'currency_code_id', 'country_id'],
  '250-9': ['name_creditor', 'debt_type', 'amount_owed', 'currency_code_id', 'country_id'],
};

/** docs/sections.md: the 1B ISIN is needed when the security type is 1 and the gain is over this. */
export const ISIN_GAIN_THRESHOLD_KZT = '100000000';

/** Fields chosen from a list: the reference ids a person picks (not the sale a purchase belongs to), currency, debt type. */
const SELECT_FIELDS = new Set<string>([
  ...DEAL_ID_FIELDS.filter((f) => f !== 'first_a_and_second_section_deal_id'),
  'currency_code',
  'debt_type',
]);
const AMOUNT_FIELDS = new Set([
  'purchase_opening_cost',
  'sale_closing_cost',
  'cost_in_tenge_currency',
  'sales_cost_in_tenge_currency',
  'cost_in_foreign_currency',
  'sales_cost_in_foreign_currency',
  'amount_in_foreign_currency',
  'amount_in_tenge_currency',
  'foreign_tax_credit',
  'rent_amount',
  'amount_in_currency',
  'amount_owed',
  'amount',
  'purchase_price',
  'nominal_value',
  'property_value',
  'remuneration',
]);
const DATE_FIELDS = ['transaction_date', 'purchase_transaction_date'] as const;

const NAME_FIELD_250: Partial<Record<SectionCode, string>> = {
  '250-2': 'name',
  '250-3': 'name',
  '250-4': 'name',
  '250-8': 'name',
  '250-5': 'kind_of_transport',
  '250-6': 'bank_name',
  '250-7': 'company_name',
};

/** Form 250 maximum lengths (docs/sections.md); every other text field defaults to 255. */
function maxLength(code: SectionCode, field: string): number {
  if (code.startsWith('250-')) {
    if (NAME_FIELD_250[code] === field) return ['250-5', '250-6', '250-7'].includes(code) ? 128 : 255;
    const fixed: Record<string, number> = {
      id_number: 128,
      location: 512,
      brand_model: 128,
      vin_number: 30,
      name_creditor: 255,
      notary_iin: 12,
    };
    if (fixed[field]) return fixed[field];
  }
  return 255;
}

const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v).trim());
const isBlank = (v: unknown) => text(v) === '' || text(v) === 'null';

/** Decimal comma becomes a dot (docs/sections.md). */
export const normalizeDecimal = (value: string) => value.trim().replace(',', '.');

const SCALE = 8;
/** Exact decimal as a BigInt scaled by 10^8; null when not a number. Extra decimals are cut. */
function scaled(v: unknown): bigint | null {
  const s = normalizeDecimal(text(v));
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(s);
  if (!m) return null;
  const frac = (m[3] ?? '').slice(0, SCALE).padEnd(SCALE, '0');
  const n = BigInt(m[2]!) * 10n ** BigInt(SCALE) + BigInt(frac);
  return m[1] ? -n : n;
}

const AMOUNT_RE = /^\d{1,16}([.,]\d{1,2})?$/;
/** KZT equivalents are the product's own figures (rate × amount): shown in KZT with up to 4 decimals (CODE_STYLE.md, money). */
const KZT_AMOUNT_RE = /^\d{1,16}([.,]\d{1,4})?$/;
const KZT_AMOUNT_FIELDS = new Set([
  'cost_in_tenge_currency',
  'sales_cost_in_tenge_currency',
  'amount_in_tenge_currency',
]);
const QUANTITY_RE = /^\d{1,16}([.,]\d{1,5})?$/;
const PERCENT_RE = /^\d{1,3}([.,]\d{1,2})?$/;
const ISIN_RE = /^[A-Za-z0-9]{1,30}$/;

function gainOf(input: Input): bigint | null {
  if (!isBlank(input.value_added_income)) return scaled(input.value_added_income);
  const pairs: [string, string][] = [
    ['sales_cost_in_tenge_currency', 'cost_in_tenge_currency'],
    ['sale_closing_cost', 'purchase_opening_cost'],
  ];
  for (const [sale, cost] of pairs) {
    const s = scaled(input[sale]);
    if (s !== null) return s - (scaled(input[cost]) ?? 0n);
  }
  return null;
}

/** Required fields of a section for this input (conditional rules included). */
export function requiredFields(code: SectionCode, input: Input, ctx: DealRuleContext): string[] {
  // A broker outside Kazakhstan has no BIN: an import marks its deals, and their form does not ask for one.
  const foreignBroker = input.foreign_broker === true;
  const fields = REQUIRED_FIELD_RULES.filter(
    (r) => r.codes.includes(code) && !(foreignBroker && r.field === 'broker_bin'),
  ).map((r) => r.field);
  if (code === '1B' && Number(input.type_of_security) === 1) {
    const gain = gainOf(input);
    if (gain !== null && gain > scaled(ISIN_GAIN_THRESHOLD_KZT)!) fields.push('isin_security');
  }
  // Foreign property: the security type exists only on form 270.00 (docs/sections.md).
  if (code === '5-1' && ctx.form === 3) fields.push('type_of_security');
  return [...fields, ...(REQUIRED_ASSET_FIELDS[code] ?? [])];
}

function formatError(code: SectionCode, field: string, raw: unknown, ctx: DealRuleContext): string | null {
  const value = text(raw);
  if (KZT_AMOUNT_FIELDS.has(field)) return KZT_AMOUNT_RE.test(value) ? null : DEAL_RULE_TEXT.amount4;
  if (AMOUNT_FIELDS.has(field)) return AMOUNT_RE.test(value) ? null : MSG.amount2;
  if (field === 'quantity') return QUANTITY_RE.test(value) ? null : MSG.number5;
  if (field === 'shareholding_size') {
    const n = scaled(value);
    const ok = PERCENT_RE.test(value) && n !== null && n >= scaled('0.01')! && n <= scaled('100')!;
    return ok ? null : MSG.percent;
  }
  if ((DATE_FIELDS as readonly string[]).includes(field)) {
    if (!isCalendarRuDate(value)) return DEAL_RULE_TEXT.dateFormat;
    const year = ruYear(value);
    // Purchases behind a sale (history, purchase date) may be older than the report year.
    const older = field === 'purchase_transaction_date' || code === 'history';
    if (year > ctx.year) return older ? DEAL_RULE_TEXT.dateNotAfterYear(ctx.year) : DEAL_RULE_TEXT.dateInYear(ctx.year);
    if (year < ctx.year && !older) return DEAL_RULE_TEXT.dateInYear(ctx.year);
    return null;
  }
  if (field === 'isin_security') {
    if (value.length > 30) return MSG.maxN(30);
    return ISIN_RE.test(value) ? null : MSG.checkInput;
  }
  if (field === 'broker_bin') {
    if (value[2] === '-') return /^\d{2}-\d{7}$/.test(value) ? null : MSG.checkInput;
    return /^\d{12}$/.test(value) ? null : MSG.len12;
  }
  if (field === 'notary_iin') return iinIssue(value);
  // A sale with "Покупка" would lose its exemption silently: each section takes only its own operations.
  if (field === 'operation_type_id') return operationError(code, raw);
  if (field === 'id_number' && code === '250-9' && !/^\d+$/.test(value)) return MSG.digitsOnly;
  if (!SELECT_FIELDS.has(field) && typeof raw === 'string') {
    const max = maxLength(code, field);
    if (value.length > max) return MSG.maxN(max);
  }
  return null;
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
    if (isBlank(input[field])) add(field, SELECT_FIELDS.has(field) ? MSG.selectValue : MSG.required);
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
