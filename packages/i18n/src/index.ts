export * from './languages.ts';
export { type Catalogue, localize, type MessageIndex, messageIndex, type Translate } from './reverse.ts';
export { createTranslator, type Params, type Translator } from './translator.ts';
