import { SECTION_ROWS, type SectionCode, type SectionDef } from './section-rows.ts';
import { fieldsText } from './texts.ts';

export {
  FORM,
  FORM_CODES,
  type ReportingFormId,
  SECTION_ROWS,
  type SectionCode,
  type SectionDef,
  type SectionRow,
  type SectionStep,
} from './section-rows.ts';

/**
 * Every section with its Russian texts from the `fields` catalogue (packages/i18n/locales/ru/fields.json,
 * section.<key>.title, .about, .feeds, .tile where the tile is a word); the web shows the same keys in the
 * reader's language.
 */
export const SECTIONS: readonly SectionDef[] = SECTION_ROWS.map((row) => ({
  ...row,
  tile: row.tile || fieldsText(`section.${row.key}.tile`),
  title: fieldsText(`section.${row.key}.title`),
  about: fieldsText(`section.${row.key}.about`),
  feeds: fieldsText(`section.${row.key}.feeds`),
}));

const group = <I extends 'I' | 'II' | 'III', S extends readonly SectionCode[]>(id: I, sections: S) => ({
  id,
  title: fieldsText(`group250.${id}`),
  sections,
});
/** The groups of form 250.00's sections (titles: group250.<id> of the catalogue). */
export const FORM_250_GROUPS = [
  group('I', ['250-1', '250-2', '250-3'] as const),
  group('II', ['250-4', '250-5', '250-6', '250-7'] as const),
  group('III', ['250-8', '250-9'] as const),
] as const;

export const sectionByKey = (key: string) => SECTIONS.find((s) => s.key === key);
export const sectionBySlug = (slug: string) => SECTIONS.find((s) => s.slug === slug || s.key === slug);
export const sectionByRoute = (route: string) => SECTIONS.find((s) => s.route === route);

/** Whether a declaration of this form and year has the section. */
export function sectionApplies(section: SectionDef, form: number, year: number): boolean {
  if (!(section.forms as readonly number[]).includes(form)) return false;
  return section.fromYear === undefined || year >= section.fromYear;
}

export const SECTION_KEYS = SECTIONS.map((s) => s.key);
