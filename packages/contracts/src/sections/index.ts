import { z } from 'zod';
import { SECTIONS, type SectionCode } from '../sections.ts';
import { fieldsText, fieldsTextOrNone, fieldsTexts } from '../texts.ts';
import { ASSET_SECTIONS, FORM_250_SECTIONS } from './assets.ts';
import {
  type ColumnKind,
  FIELDS,
  type FieldName,
  type FieldSpec,
  type FieldType,
  type RefList,
  type Widget,
} from './fields.ts';
import { INCOME_SECTIONS } from './income.ts';
import type { DealValues, RequiredWhen, RuleContext } from './rules.ts';
import type { SectionField, SectionSpec, SectionWords, TengeRate } from './types.ts';

export * from './fields.ts';
export { isForeignBroker, roundHalfUp } from './rules.ts';
export * from './suggest.ts';
export type { SectionField, SectionSpec, SectionWords, TengeRate } from './types.ts';

/**
 * The section dictionary: every section's fields, each declared once (docs/adr/2026-11-24-section-dictionary.md).
 * The web form, validateDeal, the server's tenge conversions, the registers' columns and what an
 * importer must output are read from here.
 */
export const SECTION_DICTIONARY: Readonly<Record<SectionCode, SectionSpec>> = Object.fromEntries(
  [...INCOME_SECTIONS, ...ASSET_SECTIONS, ...FORM_250_SECTIONS].map((s) => [s.code, withTexts(s)]),
) as Record<SectionCode, SectionSpec>;

/** The catalogue key prefix of a section's texts: section.<payload key> (fields namespace). */
export function sectionTextKey(code: SectionCode): string {
  const def = SECTIONS.find((s) => s.code === code);
  if (!def) throw new Error(`no section ${code}`);
  return `section.${def.key}`;
}

/**
 * A section's Russian texts from the `fields` catalogue (section.<key>): whose deals belong there, two lines
 * of help, its words, its own field labels and register headers.
 */
function withTexts(spec: SectionSpec): SectionSpec {
  const key = sectionTextKey(spec.code);
  const who = fieldsTextOrNone(`${key}.who`);
  const help1 = fieldsTextOrNone(`${key}.help1`);
  const words = fieldsTexts(`${key}.words`) as Partial<SectionWords>;
  const labels = fieldsTexts(`${key}.field`);
  const columns = fieldsTexts(`${key}.column`);
  return {
    ...spec,
    fields: spec.fields.map((f) => (labels[f.name] ? { ...f, label: labels[f.name] } : f)),
    ...(Object.keys(columns).length ? { columnLabels: columns as SectionSpec['columnLabels'] } : {}),
    ...(Object.keys(words).length ? { words } : {}),
    ...(who ? { who } : {}),
    ...(help1 ? { help: [help1, fieldsText(`${key}.help2`)] as const } : {}),
  };
}

/** One field of a section's form with its catalogue entry merged in (what the web renders). */
export interface FormField {
  name: FieldName;
  /** the Russian label */
  label: string;
  /** its key in the `fields` catalogue: the web shows t('fields:' + labelKey) */
  labelKey: string;
  type: FieldType;
  widget: Widget;
  ref?: RefList;
  maxLength?: number;
  forms?: readonly number[];
  shownWhen?: (input: DealValues) => boolean;
}

function formField(code: SectionCode, f: SectionField): FormField {
  const spec: FieldSpec = FIELDS[f.name];
  return {
    name: f.name,
    label: f.label ?? spec.label,
    labelKey: f.label ? `${sectionTextKey(code)}.field.${f.name}` : `field.${f.name}.label`,
    type: spec.type,
    widget: f.widget ?? spec.widget ?? 'text',
    ...(spec.ref ? { ref: spec.ref } : {}),
    ...(f.maxLength ? { maxLength: f.maxLength } : {}),
    ...(f.forms ? { forms: f.forms } : {}),
    ...(f.shownWhen ? { shownWhen: f.shownWhen } : {}),
  };
}

const FORM_FIELDS = Object.fromEntries(
  Object.values(SECTION_DICTIONARY).map((s) => [s.code, s.fields.map((f) => formField(s.code, f))]),
) as unknown as Record<SectionCode, readonly FormField[]>;

/** The fields of a section's form, in screen order. */
export const formFieldsOf = (code: SectionCode): readonly FormField[] => FORM_FIELDS[code];

/** The section's field entry (label, maxLength, widget as the section says them); undefined if not on its form. */
export const sectionFieldOf = (code: SectionCode, name: string): SectionField | undefined =>
  SECTION_DICTIONARY[code].fields.find((f) => f.name === name);

const ALWAYS: RequiredWhen = () => true;
/** Required fields of a section for this input, in screen order (required-when rules applied). */
export function requiredOf(code: SectionCode, input: DealValues, ctx: RuleContext): FieldName[] {
  return SECTION_DICTIONARY[code].fields
    .filter((f) => f.required && (f.required === true ? ALWAYS : f.required)(input, ctx))
    .map((f) => f.name);
}

/** Fields required in every case (the bold names of docs/sections.md). */
export const alwaysRequiredOf = (code: SectionCode): FieldName[] =>
  SECTION_DICTIONARY[code].fields.filter((f) => f.required === true).map((f) => f.name);

/** A tenge conversion of a section: the amount, the field its tenge figure goes to, the rate. */
export interface Conversion {
  from: FieldName;
  to: FieldName;
  rate: TengeRate;
}
const CONVERSIONS = Object.fromEntries(
  Object.values(SECTION_DICTIONARY).map((s) => [
    s.code,
    s.fields.flatMap((f) => (f.tenge ? [{ from: f.name, to: f.tenge.to, rate: f.tenge.rate }] : [])),
  ]),
) as unknown as Record<SectionCode, readonly Conversion[]>;
/** The section's tenge conversions in screen order: the first one is the section's main amount. */
export const conversionsOf = (code: SectionCode): readonly Conversion[] => CONVERSIONS[code];

/** The section's words (dividends name the income, not the deal: section.<key>.words of the catalogue). */
export const wordsOf = (code: SectionCode): Partial<SectionWords> => SECTION_DICTIONARY[code].words ?? {};

/** Whose deals belong to the section (tile hint) and its two lines of help; empty where it has none. */
export const guideOf = (code: SectionCode) => ({
  who: SECTION_DICTIONARY[code].who,
  help: SECTION_DICTIONARY[code].help ?? [],
});

/** Values a new deal of the section starts with. */
export const presetOf = (code: SectionCode) => SECTION_DICTIONARY[code].preset ?? {};

/** Register column of a field: the catalogue's header (or its label) and cell kind. */
export interface RegisterColumn {
  key: FieldName;
  label: string;
  kind: ColumnKind;
}
/** Every printable field in catalogue order (reference ids are not printed: their names are). */
export const REGISTER_COLUMNS: readonly RegisterColumn[] = (Object.keys(FIELDS) as FieldName[]).flatMap((key) => {
  const spec: FieldSpec = FIELDS[key];
  return spec.column ? [{ key, label: spec.column.label ?? spec.label, kind: spec.column.kind ?? 'text' }] : [];
});
export const registerColumnsOf = (code: SectionCode): readonly FieldName[] => SECTION_DICTIONARY[code].columns;

const COLUMN_BY_KEY = new Map(REGISTER_COLUMNS.map((c) => [c.key as string, c]));
/** A register column as a section prints it (its own header where it has one); undefined for a non-printed name. */
export function registerColumnOf(code: SectionCode | undefined, key: string): RegisterColumn | undefined {
  const col = COLUMN_BY_KEY.get(key);
  const own = code ? SECTION_DICTIONARY[code].columnLabels?.[key as FieldName] : undefined;
  return col && own ? { ...col, label: own } : col;
}

const ZOD: Record<Exclude<FieldType, 'resolved'>, z.ZodTypeAny> = {
  text: z.string().max(512).nullable().optional(),
  decimal: z
    .union([z.string().max(40), z.number()])
    .nullable()
    .optional(),
  id: z.number().int().nullable().optional(),
  flag: z.boolean().nullable().optional(),
};
/** The zod type of a stored field (resolved names have none: they are never posted). */
export const zodOf = (type: Exclude<FieldType, 'resolved'>) => ZOD[type];

/**
 * What an importer's deal of this section may carry: each form field with its stored type, plus the
 * tenge figures the section's conversions produce (an import may bring its own). H2 and any new
 * importer read this instead of a list of its own.
 */
export function importerFieldsOf(code: SectionCode): Record<string, FieldType> {
  const out: Record<string, FieldType> = {};
  for (const f of SECTION_DICTIONARY[code].fields) out[f.name] = FIELDS[f.name].type;
  for (const c of conversionsOf(code)) out[c.to] = FIELDS[c.to].type;
  return out;
}

/** A zod schema of one section's deal (unknown keys refused): for an importer's output tests. */
export function sectionDealSchema(code: SectionCode) {
  const shape: Record<string, z.ZodTypeAny> = {};
  for (const [name, type] of Object.entries(importerFieldsOf(code))) if (type !== 'resolved') shape[name] = zodOf(type);
  return z.object(shape).strict();
}

/** A tile that is the form's own numbering (I.A, II, V): printed before the title; a worded tile (purchases) is not. */
export const isNumberedTile = (tile: string) => /^[IVX.\dA-C-]+$/.test(tile);
