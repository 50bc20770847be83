import { countedDeals, pick } from '../deals.ts';
import { fullName, text } from '../format.ts';
import { formCountryCode } from '../forms/country-codes.ts';
import { lines240 } from '../lines.ts';
import type { DeclarationDocument } from '../types.ts';
import { formatVersion } from './format-versions.ts';
import { kindFields, phone, submitDate } from './header.ts';
import { type FnoDocument, pageName } from './model.ts';

/** Rows of line 024 on a page (S6: field_240_00_024_{1..9}_{A..D}). */
export const ROWS_240_024 = 9;

/**
 * 240.00: header page plus the computation lines as field_240_00_NNN (the codes other than 024 are
 * unconfirmed, see lines.ts) and the foreign-asset table of line 024: A the asset, B the country code,
 * C its registration code / identifier, D further details (S6). More than 9 assets: the remaining ones
 * are listed in the PDF register only (the evidence shows one page of 9 rows).
 */
export function build240(doc: DeclarationDocument): FnoDocument {
  const p = doc.personal;
  const v = formatVersion('240.00', doc.year);
  const assets = countedDeals(doc, 'sixth_section_first_part').slice(0, ROWS_240_024);
  const t024 = assets.flatMap((d, i) => [
    // i18n-ignore: a value written to the XML for the tax office (Russian, as the form wants)
    [`field_240_00_024_${i + 1}_A`, text(d.security_type_name) || 'ценные бумаги'] as const,
    [`field_240_00_024_${i + 1}_B`, formCountryCode(text(d.country_code), v.countryLetters)] as const,
    [`field_240_00_024_${i + 1}_C`, text(pick(d, 'isin_security', 'id_number'))] as const,
    [`field_240_00_024_${i + 1}_D`, text(pick(d, 'name_security', 'name'))] as const,
  ]);
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
              ...t024,
              ['head_name', fullName(p)],
              ['filler_name', fullName(p)],
              ['submit_date', submitDate(doc)],
              ['accept_date', submitDate(doc)],
            ],
          },
        ],
      },
    ],
  };
}
