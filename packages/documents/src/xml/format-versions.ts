import { DocumentError } from '../errors.ts';

export type FnoCode = '240.00' | '250.00' | '270.00';

export interface FormatVersion {
  code: FnoCode;
  /** tax years covered, inclusive */
  fromYear: number;
  toYear: number;
  /** `formatVersion` attribute of <fno> */
  formatVersion: string;
  /** `version` attribute of <fno> (the form template version) */
  version: string;
  /** set when the value is not confirmed by a KGD template */
  uncertain?: string;
}

/**
 * The one table of per-year / per-form XML format data (docs/formats.md; still an open question).
 * formatVersion="1" is well corroborated for every ФНО; the `version` numbers are NOT:
 * take them from the current KGD template («ФНО на <год> год») or an СОНО export before filing.
 */
export const FORMAT_VERSIONS: readonly FormatVersion[] = [
  {
    code: '270.00',
    fromYear: 2021,
    toYear: 2026,
    formatVersion: '1',
    version: '2',
    uncertain: 'version="2" встречается только в стороннем JS-генераторе; не сверено с шаблоном КГД',
  },
  {
    code: '250.00',
    fromYear: 2021,
    toYear: 2026,
    formatVersion: '1',
    version: '1',
    uncertain: 'номер версии шаблона 250.00 не найден',
  },
  {
    code: '240.00',
    fromYear: 2021,
    toYear: 2025,
    formatVersion: '1',
    version: '1',
    uncertain: 'номер версии шаблона 240.00 не найден; с 2025 года форма, вероятно, не применяется',
  },
];

export function formatVersion(code: FnoCode, year: number): FormatVersion {
  const row = FORMAT_VERSIONS.find((r) => r.code === code && year >= r.fromYear && year <= r.toYear);
  if (!row) {
    throw new DocumentError('UNSUPPORTED_FORM', `Формат XML формы ${code} за ${year} год не поддерживается`, 'year');
  }
  return row;
}
