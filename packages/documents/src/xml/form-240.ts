import { fullName, text } from '../format.ts';
import { lines240 } from '../lines.ts';
import type { DeclarationDocument } from '../types.ts';
import { formatVersion } from './format-versions.ts';
import { kindFields, phone, submitDate } from './header.ts';
import { type FnoDocument, pageName } from './model.ts';

/**
 * 240.00: header page plus the computation lines as field_240_00_NNN (numbering after the
 * 910.00 pattern; the 240.00 line codes themselves are unconfirmed, see lines.ts).
 */
export function build240(doc: DeclarationDocument): FnoDocument {
  const p = doc.personal;
  const v = formatVersion('240.00', doc.year);
  return {
    code: '240.00',
    formatVersion: v.formatVersion,
    version: v.version,
    forms: [
      {
        name: 'form_240_00',
        sheets: [
          {
            name: pageName('240', '00', 1),
            fields: [
              ['iin', p.iin.trim()],
              ['fio1', text(p.surname)],
              ['fio2', text(p.name)],
              ['fio3', text(p.patronymic)],
              ['period_year', String(doc.year)],
              ...kindFields(doc),
              ['email', text(p.email)],
              ['payer_phone_number', phone(p.phone)],
              ['rating_auth_code', doc.kgdCode.trim()],
              ...lines240(doc).map((l) => [l.xmlField, l.whole] as const),
            ],
          },
          {
            name: pageName('240', '00', 2),
            fields: [
              ['accept_date', ''],
              ['submit_date', submitDate(doc)],
              ['filler_name', fullName(p)],
            ],
          },
        ],
      },
    ],
  };
}
