import {
  DEAL_ID_FIELDS,
  type RefList as DictionaryRefList,
  type FormField,
  formFieldsOf,
  operationIdsOf,
  presetOf,
  SECTION_DICTIONARY,
  type SectionCode,
  type Widget,
} from '@deklarant/contracts';
import { i18next } from '../../shared/i18n/index.ts';

/** How a field is entered: the input widget and the value it posts (the section dictionary's widget). */
export type FieldKind = Widget;

/** Reference lists of GET /api/common/* a select reads; value is the id unless stated. */
export type RefList = DictionaryRefList;

export interface FieldDef {
  name: string;
  /** the Russian label (contracts); the form shows t('fields:' + labelKey) */
  label: string;
  labelKey: string;
  kind: FieldKind;
  ref?: RefList;
  /** operation types a section offers (operation type ids, from OPERATIONS_BY_SECTION of contracts) */
  only?: readonly number[];
  maxLength?: number;
  /** shown only for these reporting forms */
  forms?: readonly number[];
  /** shown only when this holds for the typed values (the foreign broker's name and country) */
  shownWhen?: FormField['shownWhen'];
}

/** A form field of the dictionary as the form renders it; the operation select offers the section's own choices. */
function fieldDef(code: SectionCode, f: FormField): FieldDef {
  const { widget, type: _type, ...rest } = f;
  return {
    ...rest,
    kind: widget,
    ...(f.name === 'operation_type_id' ? { only: operationIdsOf(code) } : {}),
  };
}

/** The fields of every section's form, in screen order: read from the section dictionary, not a list of its own. */
export const SECTION_FIELDS = Object.fromEntries(
  (Object.keys(SECTION_DICTIONARY) as SectionCode[]).map((code) => [
    code,
    formFieldsOf(code).map((f) => fieldDef(code, f)),
  ]),
) as unknown as Record<SectionCode, readonly FieldDef[]>;

/** Fields posted as integers (reference ids): the contracts' list. */
export const ID_FIELDS: ReadonlySet<string> = new Set(DEAL_ID_FIELDS);

/** The values a new deal of the section starts with (the repayment for I.B and IV, the broker's kind). */
export const PRESELECTED: Partial<Record<SectionCode, Readonly<Record<string, string | boolean>>>> = Object.fromEntries(
  (Object.keys(SECTION_DICTIONARY) as SectionCode[]).map((code) => [code, presetOf(code)]),
);

/** Sections whose deals have a purchase history (sales). */
export const HISTORY_CODES = new Set<SectionCode>(['1A', '2']);

/** The title line of a deal card: the first naming field the section has, else the fallback (section title). */
export function dealTitle(deal: Record<string, unknown>, fallback = i18next.t('sections:card.untitled')): string {
  for (const k of ['name_security', 'name', 'bank_name', 'company_name', 'kind_of_transport', 'name_creditor']) {
    const v = deal[k];
    if (typeof v === 'string' && v.trim()) return v;
  }
  return fallback;
}
