import {
  REGISTER_COLUMNS,
  type RegisterColumn,
  registerColumnOf,
  registerColumnsOf,
  SECTIONS,
  type SectionCode,
} from '@deklarant/contracts';
import type { DocumentDeal } from './types.ts';

export type ColumnKind = RegisterColumn['kind'];
export type DealKey = Exclude<keyof DocumentDeal, 'id' | 'status'>;

export interface ColumnDef {
  key: DealKey;
  label: string;
  kind: ColumnKind;
}

/**
 * Every printable deal field with its Russian header, in display order: the section dictionary's
 * register columns (packages/contracts sections/fields.ts). Reference ids are left out (their names print).
 */
export const COLUMNS: readonly ColumnDef[] = REGISTER_COLUMNS.map((col) => ({ ...col, key: col.key as DealKey }));

const BY_KEY = new Map(COLUMNS.map((col) => [col.key, col]));

/** The main columns of each section (PDF prints these; XLSX adds every other filled field): from the dictionary. */
export const SECTION_COLUMNS = Object.fromEntries(
  SECTIONS.map((s) => [s.code, registerColumnsOf(s.code) as DealKey[]]),
) as unknown as Record<SectionCode, DealKey[]>;

/** A column by its field name; a name the dictionary lacks prints under its own name (the coverage test forbids it). */
export const column = (key: DealKey): ColumnDef => BY_KEY.get(key) ?? { key, label: key, kind: 'text' };

/** A column with the section's own header where the dictionary gives one (dividends: «Сумма дохода в валюте»). */
export const sectionColumn = (code: SectionCode | undefined, key: DealKey): ColumnDef => {
  const own = registerColumnOf(code, key);
  return own ? { ...own, key } : column(key);
};

const filled = (v: unknown) => v !== null && v !== undefined && v !== '' && v !== 'null';

/** Section main columns followed by every other field filled in at least one deal. */
export function allColumns(code: SectionCode | undefined, deals: DocumentDeal[]): ColumnDef[] {
  const main = code ? SECTION_COLUMNS[code] : [];
  const present = new Set<DealKey>();
  for (const d of deals)
    for (const col of COLUMNS) if (!present.has(col.key) && filled(d[col.key])) present.add(col.key);
  const rest = COLUMNS.filter((col) => present.has(col.key) && !main.includes(col.key)).map((col) => col.key);
  return [...main, ...rest].map((key) => sectionColumn(code, key));
}
