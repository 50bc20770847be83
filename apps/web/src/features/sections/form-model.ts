import { requiredFields, type SectionCode, validateDeal } from '@deklarant/contracts';
import type { FieldError, Resolver } from 'react-hook-form';
import type { FormValues } from './DealField.tsx';
import { type FieldDef, ID_FIELDS, PRESELECTED } from './fields.ts';
import { isoToRu, ruToIso } from './format.ts';

const isDate = (f: FieldDef) => f.kind === 'date' || f.kind === 'anyDate';

/** Form values of a stored deal (or of a new one, with the section's preselected values). */
export function initialValues(
  code: SectionCode,
  fields: readonly FieldDef[],
  deal?: Record<string, unknown>,
): FormValues {
  const out: FormValues = {};
  for (const f of fields) {
    const v = deal?.[f.name];
    if (f.kind === 'checkbox') out[f.name] = v === true;
    else if (v === null || v === undefined) out[f.name] = '';
    else out[f.name] = isDate(f) ? ruToIso(String(v)) : String(v);
  }
  if (!deal) Object.assign(out, PRESELECTED[code] ?? {});
  return out;
}

/** What the API takes: ids as integers, dates as dd.mm.yyyy, decimal comma as a dot, blanks left out. */
export function toPayload(fields: readonly FieldDef[], values: FormValues, extra: Record<string, unknown> = {}) {
  const out: Record<string, unknown> = { ...extra };
  for (const f of fields) {
    const v = values[f.name];
    if (f.kind === 'checkbox') {
      if (v === true) out[f.name] = true;
      continue;
    }
    const text = typeof v === 'string' ? v.trim() : '';
    if (!text) continue;
    if (ID_FIELDS.has(f.name)) out[f.name] = Number(text);
    else if (isDate(f)) out[f.name] = isoToRu(text);
    else if (['amount', 'quantity', 'percent'].includes(f.kind)) out[f.name] = text.replace(',', '.');
    else out[f.name] = text;
  }
  return out;
}

/** The shared rules of @deklarant/contracts (the same validateDeal runs on the server). */
export function dealResolver(
  code: SectionCode,
  fields: readonly FieldDef[],
  ctx: { form: number; year: number },
  extra: Record<string, unknown>,
): Resolver<FormValues> {
  return async (values) => {
    const errors = validateDeal(code, toPayload(fields, values, extra), ctx);
    const visible = new Set(fields.map((f) => f.name));
    const out: Record<string, FieldError> = {};
    for (const [name, messages] of Object.entries(errors)) {
      if (visible.has(name)) out[name] = { type: 'validate', message: messages[0] };
    }
    return Object.keys(out).length > 0 ? { values: {}, errors: out } : { values, errors: {} };
  };
}

export const isRequired = (
  code: SectionCode,
  name: string,
  payload: Record<string, unknown>,
  ctx: { form: number; year: number },
) => requiredFields(code, payload, ctx).includes(name);
