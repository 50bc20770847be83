import { isoToRu as isoDateToRu, RU_DATE_SHAPE, ruToIso as ruDateToIso } from '@deklarant/contracts';
/**
 * Display helpers working on decimal strings (no float arithmetic): KZT amounts with up to 4 decimals
 * and a space between thousands, dates dd.mm.yyyy.
 */
export function formatAmount(value: unknown, decimals = 4): string {
  if (value === null || value === undefined || value === '') return '—';
  const text = String(value).trim().replace(',', '.');
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) return text;
  const [, sign, int = '0', frac = ''] = m;
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');
  const cut = frac.slice(0, decimals).replace(/0+$/, '');
  return `${sign}${grouped}${cut ? `,${cut}` : ''}`;
}

export const formatKzt = (value: unknown) =>
  value === null || value === undefined || value === '' ? '—' : `${formatAmount(value)} ₸`;

/** 'YYYY-MM-DD' (date picker) -> 'dd.mm.yyyy' (API) and back. */
export const isoToRu = (iso: string) => (/^\d{4}-\d{2}-\d{2}/.test(iso) ? isoDateToRu(iso) : iso);
export const ruToIso = (ru: string) => (RU_DATE_SHAPE.test(ru) ? ruDateToIso(ru) : ru);

/** Input sanitisers used as masks. */
export const masks = {
  /** digits with one , or . separator */
  amount: (v: string) => {
    const clean = v.replace(/[^\d.,]/g, '');
    const i = clean.search(/[.,]/);
    return i < 0 ? clean : clean.slice(0, i + 1) + clean.slice(i + 1).replace(/[.,]/g, '');
  },
  /** ##-####### when the third character is a dash, otherwise up to 12 digits */
  bin: (v: string) => {
    const clean = v.replace(/[^\d-]/g, '');
    if (clean[2] === '-') return `${clean.slice(0, 2)}-${clean.slice(3).replace(/-/g, '').slice(0, 7)}`;
    return clean.replace(/-/g, '').slice(0, 12);
  },
  /** up to 30 Latin letters or digits, upper case */
  isin: (v: string) =>
    v
      .replace(/[^A-Za-z0-9]/g, '')
      .toUpperCase()
      .slice(0, 30),
  digits: (v: string) => v.replace(/\D/g, ''),
};
