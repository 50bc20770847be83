import { countedDeals, pick } from '../deals.ts';
import { dealDate, fixed, fullName, text, toDecimal, trimmed } from '../format.ts';
import { formCountryCode } from '../forms/country-codes.ts';
import { lines270 } from '../lines.ts';
import type { DeclarationDocument, DocumentDeal } from '../types.ts';
import { formatVersion } from './format-versions.ts';
import { kindFields, phone, submitDate } from './header.ts';
import {
  bool,
  type FnoDocument,
  type FnoField,
  type FnoForm,
  pageCount,
  pageFields,
  pageName,
  type RowTable,
} from './model.ts';

/** Country code as 270.00 wants it for the year (2 letters per S3; the style lives in src/forms/uncertain.ts). */
const countryOf = (doc: DeclarationDocument) => {
  const letters = formatVersion('270.00', doc.year).countryLetters;
  return (d: DocumentDeal) => formCountryCode(text(d.country_code), letters);
};

const single = (appendix: string, fields: FnoField[], rows?: FnoField[][]): FnoForm => ({
  name: `form_270_${appendix}`,
  sheets: [{ name: pageName('270', appendix), fields, ...(rows ? { rows } : {}) }],
});

/** Asset type text used by 270.04 (docs/formats.md). */
function assetType(d: DocumentDeal): string {
  // i18n-ignore: a value written to the XML for the tax office (Russian, as the form wants)
  return /производн/i.test(text(d.security_type_name)) ? 'производные финансовые инструменты' : 'ценные бумаги';
}

/** 270.04 section B row: B operation, C asset type, D quantity, E identifier, F date, G '-', H country, I currency, J amount. */
function transactionRow(
  d: DocumentDeal,
  operation: string,
  amountFields: (keyof DocumentDeal)[],
  country: (d: DocumentDeal) => string,
): string[] {
  return [
    operation,
    assetType(d),
    trimmed(d.quantity),
    text(pick(d, 'isin_security', 'name_security')),
    dealDate(d.transaction_date),
    '-',
    country(d),
    text(d.currency_code),
    fixed(pick(d, ...amountFields), 2),
  ];
}

/** 270.04 rows: purchases (section 'purchase') and disposals (I.A, II); assets abroad in section E. */
export function tables270_04(doc: DeclarationDocument): RowTable[] {
  const country = countryOf(doc);
  const purchases = countedDeals(doc, 'purchase_transaction_section').map((d) =>
    transactionRow(
      d,
      // i18n-ignore: a value written to the XML for the tax office (Russian, as the form wants)
      'Покупка',
      ['cost_in_foreign_currency', 'purchase_opening_cost', 'amount_in_foreign_currency'],
      country,
    ),
  );
  const sales = ['first_section_a', 'second_section'].flatMap((k) =>
    countedDeals(doc, k).map((d) =>
      transactionRow(
        d,
        // i18n-ignore: a value written to the XML for the tax office (Russian, as the form wants)
        text(d.operation_name) || 'Продажа',
        ['sales_cost_in_foreign_currency', 'sale_closing_cost', 'amount_in_foreign_currency'],
        country,
      ),
    ),
  );
  const assets = countedDeals(doc, 'sixth_section_first_part').map((d) => [
    // i18n-ignore: a value written to the XML for the tax office (Russian, as the form wants)
    text(d.security_type_name) || 'ценные бумаги',
    text(pick(d, 'isin_security', 'name_security')),
    country(d),
    country(d),
  ]);
  return [
    { prefix: 'field_270_04_B', columns: 'ABCDEFGHIJ'.split(''), rowsPerPage: 6, rows: [...purchases, ...sales] },
    { prefix: 'field_270_04_E', columns: 'ABCDE'.split(''), rowsPerPage: 5, rows: assets },
  ];
}

/** Repeated <row> appendix (270.06 bank accounts abroad, 270.07 debts). Column meaning is inferred. */
function rowAppendix(
  doc: DeclarationDocument,
  key: string,
  appendix: string,
  cols: string[],
  map: (d: DocumentDeal) => string[],
) {
  const deals = countedDeals(doc, key);
  if (!deals.length) return null;
  const rows = deals.map((d, i) =>
    [String(i + 1), ...map(d)].map((v, c) => [`field_270_${appendix}_${cols[c]}`, v] as const),
  );
  return single(
    appendix,
    [
      ['iin', doc.personal.iin],
      ['period_year', String(doc.year)],
    ],
    rows,
  );
}

export function build270(doc: DeclarationDocument): FnoDocument {
  const facts = formatVersion('270.00', doc.year);
  const country = countryOf(doc);
  const iin = doc.personal.iin.trim();
  const year = String(doc.year);
  const lines = lines270(doc);
  const forms: FnoForm[] = [];

  // 270.01 computation
  forms.push(
    single('01', [
      ['iin', iin],
      ['period_year', year],
      ['page_number', '1'],
      ['field_270_01_bin', ''],
      ...lines.map((l) => [l.xmlField, l.whole] as const),
    ]),
  );

  // 270.02 payment, only when tax is payable: the amount of line K as the form prints it
  const tax = lines.find((l) => l.line === 'K')?.whole ?? '';
  const has02 = tax !== '' && toDecimal(tax)?.gt(0) === true;
  if (has02) {
    forms.push(
      single('02', [
        ['iin', iin],
        ['period_year', year],
        ['bank_code', ''],
        ['iik', ''],
        ['field_270_02_B', tax],
        ['field_270_02_C', ''],
        ['field_270_02_kbk_01', facts.kbk ?? ''],
        ['field_270_02_kogd_01', doc.kgdCode.trim()],
        ['field_270_02_tax_01', tax],
        ['field_270_02_pen_01', ''],
      ]),
    );
  }

  // 270.04 transactions and assets abroad, repeated pages; every copy carries page number 1 as the copies
  // of KGD's own page do (S3); the row numbers in column A run on across pages
  const t04 = tables270_04(doc);
  const pages04 = pageCount(t04);
  for (let p = 0; p < pages04; p++) {
    forms.push(single('04', [['iin', iin], ['period_year', year], ['page_number', '1'], ...pageFields(t04, p)]));
  }

  const f06 = rowAppendix(doc, 'sixth_section_second_part', '06', ['A', 'B', 'C', 'D', 'F', 'G'], (d) => [
    text(d.bank_name),
    text(pick(d, 'bank_id', 'id_number')),
    country(d),
    text(d.currency_code),
    fixed(d.amount_in_currency, 2),
  ]);
  const f07 = rowAppendix(doc, 'seventh_section', '07', ['A', 'B', 'C', 'D', 'F', 'M'], (d) => [
    text(d.name_creditor),
    text(d.debt_type),
    text(d.currency_code),
    fixed(d.amount_owed, 2),
    text(d.return_period),
  ]);
  if (f06) forms.push(f06);
  if (f07) forms.push(f07);

  // pril_N = appendix N has content beyond the fields every page repeats (S1: the flag must match)
  const repeated = new Set(['iin', 'period_year', 'page_number']);
  const attached = new Set(
    forms
      .filter((f) => f.sheets.some((s) => s.fields.some(([n, v]) => v !== '' && !repeated.has(n)) || !!s.rows?.length))
      .map((f) => f.name.slice(-2)),
  );
  const p = doc.personal;
  const header: FnoForm = {
    name: 'form_270_00',
    sheets: [
      {
        name: pageName('270', '00', 1),
        fields: [
          ['iin', iin],
          ['fio1', text(p.surname)],
          ['fio2', text(p.name)],
          ['fio3', text(p.patronymic)],
          // S3, S7: the taxpayer's full name
          ['head_name', fullName(p)],
          ['period_year', year],
          ...kindFields(doc),
          ['dt_w', ''],
          ['iin_spouse', text(p.spouses_iin)],
          ['iin_legalrepresentative', ''],
          ['email', text(p.email)],
          ['payer_phone_number', phone(p.phone)],
          ...[1, 2, 3, 4, 5, 6, 7].map((n) => [`pril_${n}`, bool(attached.has(`0${n}`))] as const),
          ['rating_auth_code', doc.kgdCode.trim()],
          ['receptor_name', ''],
          // S3: both carry the day of filing (the caller passes the send or download moment as generatedAt)
          ['accept_date', submitDate(doc)],
          ['submit_date', submitDate(doc)],
          ['post_date', ''],
          ['in_doc_number', ''],
          ['agreement', ''],
        ],
      },
      { name: pageName('270', '00', 2), fields: [] },
    ],
  };
  return { code: '270.00', formatVersion: facts.formatVersion, version: facts.version, forms: [header, ...forms] };
}
