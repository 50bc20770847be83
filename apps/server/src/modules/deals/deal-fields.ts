import { type DealInput, fieldSpec, MSG, roundHalfUp, type SectionDef } from '@deklarant/contracts';
import { securityKey } from '@deklarant/tax';
import { ID_FIELD_TABLE, type ReferenceSets } from './references.ts';

/* What a posted deal holds and how it is stored: shared by the deals use cases. */

const COMMON = ['status', 'comment', 'transaction_date', 'currency_code'] as const;
export const SECURITY_SECTIONS = new Set(['1A', '2', 'purchase', 'history']);

/** Trims text, turns a decimal comma into a dot and drops blanks, so stored values compare exactly. */
export function normalize(input: DealInput): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(input)) {
    if (v === null || v === undefined) continue;
    if (typeof v === 'string') {
      const t = v.trim();
      if (t === '' || t === 'null') continue;
      out[k] = k === 'isin_security' ? t.toUpperCase() : t;
    } else out[k] = v;
  }
  return out;
}

/**
 * Each decimal value as a string with a dot (amounts may be posted as numbers or with a comma); a field
 * the dictionary rounds (the 250-7 share, to hundredths) is rounded instead of refused.
 */
export function decimalsAsText(input: Record<string, unknown>): Record<string, unknown> {
  const out = { ...input };
  for (const [k, v] of Object.entries(out)) {
    if (typeof v === 'number' && !k.endsWith('_id') && !ID_FIELD_TABLE[k] && k !== 'status') out[k] = String(v);
    if (typeof out[k] === 'string' && /^-?\d+,\d+$/.test(out[k] as string))
      out[k] = (out[k] as string).replace(',', '.');
    const digits = fieldSpec(k)?.roundTo;
    if (digits !== undefined && typeof out[k] === 'string') out[k] = roundHalfUp(out[k] as string, digits);
  }
  return out;
}

/** Reference ids and currency codes that do not exist: 422 with the field. */
export function referenceErrors(input: Record<string, unknown>, refs: ReferenceSets): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const [field, table] of Object.entries(ID_FIELD_TABLE)) {
    const v = input[field];
    if (v === undefined || v === null) continue;
    if (typeof v !== 'number' || !refs.ids[table]?.has(v)) errors[field] = [MSG.checkSelected];
  }
  const code = input.currency_code;
  if (typeof code === 'string' && !refs.currencyCodes.has(code.toUpperCase()))
    errors.currency_code = [MSG.checkSelected];
  return errors;
}

/** The fields kept in `fields` (the deals table has its own columns for the common ones). */
export function splitCommon(fields: Record<string, unknown>) {
  const own = { ...fields };
  for (const c of COMMON) delete own[c];
  return own;
}

/** The security a deal of a security section is about (FIFO matches on it); empty for other sections. */
export const keyOf = (section: SectionDef, fields: Record<string, unknown>) =>
  SECURITY_SECTIONS.has(section.code) ? securityKey(fields as { isin_security?: string; name_security?: string }) : '';

/** The common columns of a deals row, to lay over its `fields`. */
export function pickCommon(r: {
  id: number;
  status: number | null;
  transaction_date: string | null;
  currency_code: string | null;
  declaration_id: number;
}) {
  return {
    id: r.id,
    status: r.status,
    transaction_date: r.transaction_date,
    currency_code: r.currency_code,
    declaration_id: r.declaration_id,
  };
}
