import { createTranslator } from '@deklarant/i18n';
import engine from '@deklarant/i18n/locales/ru/engine.json';

/**
 * Russian texts of the engine, from the Russian catalogue packages/i18n/locales/ru/engine.json. Those the
 * product specification quotes are copied exactly (acquisitionTitle, acquisitionBelow, debtReturnDate); the
 * others are ours, written in the same voice: say what happened and what to do. The server and the documents
 * give them in the reader's language by the Russian text (packages/i18n/src/reverse.ts). Texts with values are
 * functions; the values are pre-formatted strings, printed as they are.
 */
const ru = createTranslator({ ru: { engine } });
const text = (key: string, params: Record<string, unknown>) => ru.t('ru', `engine:${key}`, params);

export const TEXT = {
  ...engine.warning,
  acquisitionBelow: (percent: 50 | 80) => text('warning.acquisitionBelow', { percent }),
  foreignTaxCreditCap: (cap: string) => text('warning.foreignTaxCreditCap', { cap }),
  foreignMoneyBelow: (limit: string) => text('warning.foreignMoneyBelow', { limit }),
  cash250Above: (limit: string) => text('warning.cash250Above', { limit }),
  otherPropertyBelow: (limit: string) => text('warning.otherPropertyBelow', { limit }),
  foreignBalancesTotal: (limit: string) => text('warning.foreignBalancesTotal', { limit }),
  unmatchedFifo: (qty: string) => text('warning.unmatchedFifo', { qty }),
} as const;

/** Explanations of the calculation lines (the web shows them beside each figure, the documents print them). */
export const LINE_TEXT = {
  ...engine.line,
  from_sale_property_outside_rk_netted: (net: string) => text('line.from_sale_property_outside_rk_netted', { net }),
  adjustment: (names: string) => (names ? text('line.adjustment', { names }) : engine.line.adjustmentNone),
  flatTax: (rate: string, divRate: string) => text('line.flatTax', { rate, divRate }),
  progressiveTax: (limit: string, divLimit: string) => text('line.progressiveTax', { limit, divLimit }),
} as const;
