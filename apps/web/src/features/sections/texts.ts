import {
  guideOf,
  isNumberedTile,
  type SectionCode,
  type SectionDef,
  sectionTextKey,
  wordsOf,
} from '@deklarant/contracts';
import { tKey } from '../../shared/i18n/index.ts';

/*
 * The section dictionary's texts in the active language: the same keys contracts read the Russian from
 * (fields catalogue, section.<key>.*). Called at render time: the language can change.
 */

/** A section's title, about and tile as the reader's language says them. */
export const sectionTitle = (s: SectionDef) => tKey(`fields:section.${s.key}.title`);
export const sectionAbout = (s: SectionDef) => tKey(`fields:section.${s.key}.about`);
/** Roman numerals stay; the worded tiles (purchases, their history) are translated. */
export const sectionTile = (s: SectionDef) => (isNumberedTile(s.tile) ? s.tile : tKey(`fields:section.${s.key}.tile`));

/** The section's own words (dividends name the income, not the deal) where it has them. */
export function sectionWords(code: SectionCode) {
  const own = wordsOf(code);
  const word = (w: keyof typeof own) => (own[w] ? tKey(`fields:${sectionTextKey(code)}.words.${w}`) : undefined);
  return { create: word('create'), edit: word('edit'), mainKzt: word('mainKzt'), income: word('income') };
}

/** The two lines of help of the section (empty where it has none). */
export const sectionHelp = (code: SectionCode): string[] =>
  guideOf(code).help.length ? [1, 2].map((n) => tKey(`fields:${sectionTextKey(code)}.help${n}`)) : [];
