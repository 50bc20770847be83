/**
 * The facts about each form and tax year that the public evidence does not settle
 * (../shared/research/fno-xml.md: "What stays unverifiable offline"). One entry per form and year range,
 * each marked uncertain; the XML writer, the template check and our own templates all read them here.
 * An operator's KGD template (FORM_TEMPLATES_DIR) overrides `version` with the template's own.
 */
export type FnoCode = '240.00' | '250.00' | '270.00';

export interface FormFacts {
  code: FnoCode;
  /** tax years covered, inclusive */
  fromYear: number;
  toYear: number;
  title: string;
  /** `formatVersion` attribute of <fno> (S2: "1" for every ФНО) */
  formatVersion: string;
  /** `version` attribute of <fno> = the template version (our own template carries the same number) */
  version: string;
  /** КБК of the tax payable (270.02), when the form has a payment appendix */
  kbk?: string;
  /** country codes on the form: 2 letters (S3) or 3 */
  countryLetters: 2 | 3;
  /** why this entry is not confirmed */
  uncertain: string;
}

export const FORM_FACTS: readonly FormFacts[] = [
  {
    code: '270.00',
    fromYear: 2021,
    toYear: 2026,
    // i18n-ignore: facts about the form for developers (docs, tests), not printed
    title: 'Декларация по индивидуальному подоходному налогу',
    formatVersion: '1',
    version: '2',
    kbk: '101202',
    countryLetters: 2,
    uncertain:
      // i18n-ignore: facts about the form for developers (docs, tests), not printed
      'не подтверждено шаблоном КГД: version="2" встречается только в стороннем генераторе (S4); КБК 101202 — по описанию ИПН, не сверен; коды стран 2 буквы — по S3',
  },
  {
    code: '250.00',
    fromYear: 2021,
    toYear: 2026,
    // i18n-ignore: facts about the form for developers (docs, tests), not printed
    title: 'Декларация об активах и обязательствах',
    formatVersion: '1',
    version: '1',
    countryLetters: 2,
    uncertain:
      // i18n-ignore: facts about the form for developers (docs, tests), not printed
      'не подтверждено шаблоном КГД: номер версии шаблона 250.00 не найден; разделы, кроме 250.04 раздела 7, выведены',
  },
  {
    code: '240.00',
    fromYear: 2021,
    toYear: 2025,
    // i18n-ignore: facts about the form for developers (docs, tests), not printed
    title: 'Декларация по индивидуальному подоходному налогу (240.00)',
    formatVersion: '1',
    version: '1',
    countryLetters: 2,
    uncertain:
      // i18n-ignore: facts about the form for developers (docs, tests), not printed
      'не подтверждено шаблоном КГД: номер версии 240.00 не найден; коды строк, кроме таблицы 024 (S6), — собственные; с 2025 года форма, вероятно, не применяется',
  },
];
