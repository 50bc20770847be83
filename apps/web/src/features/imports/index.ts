/** What other features may use of imports: the banner of an import started elsewhere (the new form). */
export { ImportBanner, importParam } from './ImportBanner.tsx';
