export {
  changeLanguage,
  currentLanguage,
  currentLocale,
  i18next,
  initI18n,
  localizeMessage,
  tKey,
  tOr,
  withCatalogues,
} from './i18n.ts';
export { LanguageSwitcher, useProfileLanguage } from './LanguageSwitcher.tsx';
export { localizedResolver } from './resolver.ts';
