import { guideOf, type SectionDef } from '@deklarant/contracts';
import { tOr } from '../../shared/i18n/i18n.ts';

type Part = 'title' | 'tile' | 'who' | `help${number}`;

/**
 * A text of the section dictionary in the active language (the `fields` catalogue: section.<key>.<part>), or
 * the dictionary's own Russian text where the catalogue has none (a code tile such as 'I.A').
 */
export function sectionText(section: Pick<SectionDef, 'key'>, part: Part, fallback: string): string {
  return tOr(`fields:section.${section.key}.${part}`, fallback);
}

/** The tile, title, who and help lines of a section in the active language. */
export function sectionTexts(section: SectionDef) {
  const guide = guideOf(section.code);
  return {
    tile: sectionText(section, 'tile', section.tile),
    title: sectionText(section, 'title', section.title),
    who: guide.who ? sectionText(section, 'who', guide.who) : '',
    help: guide.help.map((line, i) => sectionText(section, `help${i + 1}`, line)),
  };
}
