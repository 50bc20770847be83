import { countedDeals, pick } from '../deals.ts';
import { fixed, fullName, text, trimmed } from '../format.ts';
import { formCountryCode } from '../forms/country-codes.ts';
import type { DeclarationDocument, DocumentDeal } from '../types.ts';
import { formatVersion } from './format-versions.ts';
import { kindFields, phone, submitDate } from './header.ts';
import { type FnoDocument, type FnoForm, pageCount, pageFields, pageName, type RowTable } from './model.ts';

export interface Section250Map {
  key: string;
  /** appendix number, e.g. '04' = form_250_04 */
  appendix: string;
  /** section number inside the appendix, part of the field name */
  section: string;
  columns: string[];
  rowsPerPage: number;
  /** `cc` gives the country code in the form's style (src/forms/uncertain.ts) */
  row: (d: DocumentDeal, cc: (d: DocumentDeal) => string) => string[];
  uncertain?: string;
}

// i18n-ignore: a note for developers, not printed
const GUESS = 'приложение и колонки не подтверждены шаблоном КГД';

const money = (v: unknown) => fixed(v, 2);

/**
 * App section -> 250.00 appendix table. Only securities (250-2 -> form_250_04 section 7,
 * columns A–E) is seen in practice (docs/formats.md); the rest is inferred.
 */
export const SECTIONS_250: readonly Section250Map[] = [
  {
    key: 'form_250_first_section',
    appendix: '01',
    section: '1',
    columns: ['A', 'B', 'C'],
    rowsPerPage: 4,
    row: (d) => [money(d.amount), text(d.currency_code)],
    uncertain: GUESS,
  },
  {
    key: 'form_250_second_section',
    appendix: '04',
    section: '7',
    columns: ['A', 'B', 'C', 'D', 'E'],
    rowsPerPage: 6,
    row: (d, cc) => [trimmed(d.quantity), cc(d), text(d.currency_code), money(d.purchase_price)],
  },
  {
    key: 'form_250_third_section',
    appendix: '04',
    section: '8',
    columns: ['A', 'B', 'C', 'D'],
    rowsPerPage: 6,
    row: (d) => [text(d.name), money(d.nominal_value), text(d.currency_code)],
    uncertain: GUESS,
  },
  {
    key: 'form_250_fourth_section',
    appendix: '02',
    section: '1',
    columns: ['A', 'B', 'C', 'D', 'E'],
    rowsPerPage: 6,
    row: (d, cc) => [text(d.name), cc(d), text(d.id_number), text(d.location)],
    uncertain: GUESS,
  },
  {
    key: 'form_250_fifth_section',
    appendix: '02',
    section: '2',
    columns: ['A', 'B', 'C', 'D', 'E', 'F'],
    rowsPerPage: 5,
    row: (d, cc) => [text(d.kind_of_transport), text(d.brand_model), cc(d), text(d.id_number), text(d.vin_number)],
    uncertain: GUESS,
  },
  {
    key: 'form_250_sixth_section',
    appendix: '03',
    section: '1',
    columns: ['A', 'B', 'C', 'D', 'E', 'F'],
    rowsPerPage: 6,
    row: (d, cc) => [
      text(d.bank_name),
      money(d.amount),
      text(d.currency_code),
      text(pick(d, 'id_number', 'bank_id')),
      cc(d),
    ],
    uncertain: GUESS,
  },
  {
    key: 'form_250_seventh_section',
    appendix: '03',
    section: '2',
    columns: ['A', 'B', 'C', 'D', 'E'],
    rowsPerPage: 6,
    row: (d, cc) => [text(d.company_name), fixed(d.shareholding_size, 2), text(d.id_number), cc(d)],
    uncertain: GUESS,
  },
  {
    key: 'form_250_eighth_section',
    appendix: '05',
    section: '1',
    columns: ['A', 'B', 'C', 'D', 'E', 'F'],
    rowsPerPage: 6,
    row: (d, cc) => [text(d.name), trimmed(d.quantity), money(d.property_value), text(d.currency_code), cc(d)],
    uncertain: GUESS,
  },
  {
    key: 'form_250_ninth_section',
    appendix: '06',
    section: '1',
    columns: ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I'],
    rowsPerPage: 6,
    row: (d, cc) => [
      text(d.name_creditor),
      text(d.debt_type),
      money(d.amount_owed),
      text(d.currency_code),
      cc(d),
      text(d.id_number),
      text(d.notary_iin),
      text(d.return_period),
    ],
    uncertain: GUESS,
  },
];

export function build250(doc: DeclarationDocument): FnoDocument {
  const iin = doc.personal.iin.trim();
  // S3: 250.00 carries the year after the assets' year (assets at 31.12.2024 are declared as 2025)
  const year = String(doc.year + 1);
  const p = doc.personal;
  const letters = formatVersion('250.00', doc.year).countryLetters;
  const cc = (d: DocumentDeal) => formCountryCode(text(d.country_code), letters);
  const byAppendix = new Map<string, RowTable[]>();
  for (const s of SECTIONS_250) {
    const rows = countedDeals(doc, s.key).map((d) => s.row(d, cc));
    if (!rows.length) continue;
    const t: RowTable = {
      prefix: `field_250_${s.appendix}_${s.section}`,
      columns: s.columns,
      rowsPerPage: s.rowsPerPage,
      rows,
    };
    byAppendix.set(s.appendix, [...(byAppendix.get(s.appendix) ?? []), t]);
  }
  const appendices: FnoForm[] = [];
  for (const appendix of [...byAppendix.keys()].sort()) {
    const tables = byAppendix.get(appendix) ?? [];
    for (let n = 0; n < pageCount(tables); n++) {
      appendices.push({
        name: `form_250_${appendix}`,
        sheets: [
          {
            name: pageName('250', appendix),
            fields: [['iin', iin], ['period_year', year], ['page_number', '1'], ...pageFields(tables, n)],
          },
        ],
      });
    }
  }
  const header: FnoForm = {
    name: 'form_250_00',
    sheets: [
      {
        name: pageName('250', '00', 1),
        fields: [
          ['iin', iin],
          ['name1', text(p.surname)],
          ['name2', text(p.name)],
          ['name3', text(p.patronymic)],
          ['period_year', year],
          // «по состоянию на» date: end of the reporting year (rates are taken at {year}-12-31, docs/tax-years.md)
          ['app_year', `31.12.${doc.year}`],
          ...kindFields(doc),
          ['iin_spouse', text(p.spouses_iin)],
          ['email', text(p.email)],
          ['payer_phone_number', phone(p.phone)],
        ],
      },
      {
        name: pageName('250', '00', 2),
        // S1: the last page of the template family holds the name, the office code and the dates
        fields: [
          ['head_name', fullName(p)],
          ['filler_name', fullName(p)],
          ['submit_date', submitDate(doc)],
          ['rating_auth_code', doc.kgdCode.trim()],
          ['accept_date', submitDate(doc)],
        ],
      },
    ],
  };
  const v = formatVersion('250.00', doc.year);
  return { code: '250.00', formatVersion: v.formatVersion, version: v.version, forms: [header, ...appendices] };
}
