import { fieldSpec, requiredFields, roundHalfUp, type SectionCode, validateDeal } from '@deklarant/contracts';
import type { FieldError, Resolver } from 'react-hook-form';
import { localizeMessage } from '../../shared/i18n/index.ts';
import type { FormValues } from './DealField.tsx';
import { type FieldDef, ID_FIELDS, PRESELECTED } from './fields.ts';
import { isoToRu, ruToIso } from './format.ts';

const isDate = (f: FieldDef) => f.kind === 'date' || f.kind === 'anyDate';
const isFlag = (f: FieldDef) => f.kind === 'checkbox' || f.kind === 'broker';

/** Whether the field is on screen for these values (the foreign broker's name and country only for one). */
export const isShown = (f: FieldDef, values: FormValues) => !f.shownWhen || f.shownWhen(values);

/**
 * Form values of a stored deal, or of a new one with the section's preselected values; `carried` are
 * the values typed into another section's form and moved here (one-click move of a suggestion).
 */
/** The broker chosen on the new-form screen, as the brokers reference gives it. */
export interface HomeBroker {
  name: string;
  is_foreign: boolean;
}

export function initialValues(
  code: SectionCode,
  fields: readonly FieldDef[],
  deal?: Record<string, unknown>,
  carried?: FormValues,
  homeBroker?: HomeBroker,
): FormValues {
  const out: FormValues = {};
  for (const f of fields) {
    const v = deal?.[f.name];
    if (isFlag(f)) out[f.name] = v === true;
    else if (v === null || v === undefined) out[f.name] = '';
    else out[f.name] = isDate(f) ? ruToIso(String(v)) : String(v);
  }
  if (!deal) Object.assign(out, PRESELECTED[code] ?? {});
  // A new deal starts from the form's broker: a foreign one needs no BIN and its name is already known.
  if (!deal && homeBroker && fields.some((f) => f.kind === 'broker')) {
    out.foreign_broker = homeBroker.is_foreign;
    if (homeBroker.is_foreign && fields.some((f) => f.name === 'broker_name')) out.broker_name = homeBroker.name;
  }
  if (carried)
    for (const f of fields) if (Object.hasOwn(carried, f.name)) out[f.name] = carried[f.name] as string | boolean;
  return out;
}

/** What the API takes: ids as integers, dates as dd.mm.yyyy, decimal comma as a dot, blanks left out. */
export function toPayload(fields: readonly FieldDef[], values: FormValues, extra: Record<string, unknown> = {}) {
  const out: Record<string, unknown> = { ...extra };
  for (const f of fields) {
    const v = values[f.name];
    if (!isShown(f, values)) continue;
    if (f.kind === 'broker') {
      out[f.name] = v === true;
      continue;
    }
    if (f.kind === 'checkbox') {
      if (v === true) out[f.name] = true;
      continue;
    }
    const text = typeof v === 'string' ? v.trim() : '';
    if (!text) continue;
    if (ID_FIELDS.has(f.name)) out[f.name] = Number(text);
    else if (isDate(f)) out[f.name] = isoToRu(text);
    else if (['amount', 'quantity', 'percent'].includes(f.kind)) {
      const digits = fieldSpec(f.name)?.roundTo;
      const decimal = text.replace(',', '.');
      out[f.name] = digits === undefined ? decimal : roundHalfUp(decimal, digits);
    } else out[f.name] = text;
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
    const visible = new Set(fields.filter((f) => isShown(f, values)).map((f) => f.name));
    const out: Record<string, FieldError> = {};
    for (const [name, messages] of Object.entries(errors)) {
      // the shared rules speak the Russian catalogues (errors, fields rule.*): shown in the active language
      if (visible.has(name)) out[name] = { type: 'validate', message: localizeMessage(messages[0] as string) };
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
