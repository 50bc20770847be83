import { createTranslator } from '@deklarant/i18n';
import errors from '@deklarant/i18n/locales/ru/errors.json';

/**
 * Every Russian text the rules produce (docs/accounts.md, docs/sections.md), from the Russian catalogue
 * packages/i18n/locales/ru/errors.json. Web and server use these constants; the API and the web forms give
 * them in the reader's language (packages/i18n/src/reverse.ts). Texts with values are functions.
 */
const ru = createTranslator({ ru: { errors } });
const text = (key: string, params: Record<string, unknown>) => ru.t('ru', `errors:${key}`, params);

export const MSG = {
  ...errors,
  maxN: (n: number) => text('maxN', { n }),
  wrongFormat: (formats: string) => text('wrongFormat', { formats }),
  fileTooLarge: (mb: number) => text('fileTooLarge', { mb }),
  additionalPayment: (cost: string) => text('additionalPayment', { cost }),
  importDone: (added: number) => text('importDone', { added }),
  importTooManyFiles: (count: number) => text('importTooManyFiles', { count }),
  importOutsideYear: (year: number) => text('importOutsideYear', { year }),
  importNoDeals: (year: number) => text('importNoDeals', { year }),
  dealsPerDeclarationLimit: (n: number) => text('dealsPerDeclarationLimit', { n }),
  importRowsLimit: (n: number) => text('importRowsLimit', { n }),
  sectionRowLimit: (n: number) => text('sectionRowLimit', { n }),
} as const;
