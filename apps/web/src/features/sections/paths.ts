import { SECTIONS, type SectionDef } from '@deklarant/contracts';

export const HISTORY_SECTION = SECTIONS.find((s) => s.code === 'history') as SectionDef;

/** Web addresses of a section's screens; the purchase history lives under its sale's id. */
export function sectionPaths(section: SectionDef, prefix: string, saleId?: number | null, saleSection?: string | null) {
  const root = section.code === 'history' ? `${prefix}/${section.route}/${saleId}` : `${prefix}/${section.route}`;
  const query = section.code === 'history' && saleSection ? `?section=${saleSection}` : '';
  return {
    list: `${root}/show${query}`,
    create: `${root}/create${query}`,
    edit: (id: number) => `${root}/${id}${query}`,
  };
}

/** The declaration step a section's tile is on (docs/sections.md: step 4 income, 5 assets and form 250). */
export const stepOf = (section: SectionDef) => (section.step === 'income' ? 4 : 5);
