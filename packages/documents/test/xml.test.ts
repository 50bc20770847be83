import { describe, expect, it } from 'vitest';
import { DocumentError } from '../src/errors.ts';
import { FORMAT_VERSIONS } from '../src/xml/format-versions.ts';
import { renderXml } from '../src/xml/render.ts';
import { validateXml } from '../src/xml/validate.ts';
import { base, purchase, sample240, sample250, sample270 } from './fixtures.ts';

const field = (xml: string, name: string) => {
  const m = new RegExp(`<field name="${name}"(?:/>|>([^<]*)</field>)`).exec(xml);
  return m ? (m[1] ?? '') : undefined;
};

describe('270.00 XML', () => {
  const xml = renderXml(sample270());

  it('passes the XSD and the value patterns', async () => {
    expect(await validateXml(xml, 3)).toEqual({ valid: true, errors: [] });
  });

  it('writes the envelope from the format-version table', () => {
    const v = FORMAT_VERSIONS.find((r) => r.code === '270.00');
    expect(xml).toContain(`<fno code="270.00" formatVersion="${v?.formatVersion}" version="${v?.version}">`);
    expect(xml).toContain('<form name="form_270_00">');
    expect(xml).toContain('<sheet name="page_270_00_02"/>');
  });

  it('fills the header with personal data, kind flags and the tax office code', () => {
    expect(field(xml, 'iin')).toBe('900101300126');
    expect(field(xml, 'fio1')).toBe('Иванов');
    expect(field(xml, 'fio3')).toBe('Иванович');
    expect(field(xml, 'period_year')).toBe('2024');
    expect(field(xml, 'dt_regular')).toBe('true');
    expect(field(xml, 'dt_additional')).toBe('false');
    expect(field(xml, 'rating_auth_code')).toBe('6004');
    expect(field(xml, 'payer_phone_number')).toBe('+77771234567');
    expect(field(xml, 'submit_date')).toBe('01.03.2025');
    expect(field(xml, 'pril_1')).toBe('true');
    expect(field(xml, 'pril_4')).toBe('true');
    expect(field(xml, 'pril_7')).toBe('false');
    expect(xml).toContain('<field name="iin_spouse"/>');
  });

  it('maps fifth_section to 270.01 lines in whole tenge (half up)', () => {
    expect(field(xml, 'field_270_01_A')).toBe('110225');
    expect(field(xml, 'field_270_01_A_1_2')).toBe('110225');
    expect(field(xml, 'field_270_01_A_1_1')).toBe('0');
    expect(field(xml, 'field_270_01_B_1_4')).toBe('5001');
    expect(field(xml, 'field_270_01_H')).toBe('11523');
    expect(field(xml, 'field_270_01_I')).toBe('750');
    expect(field(xml, 'field_270_01_K')).toBe('10773');
    expect(xml).toContain('<field name="field_270_01_A_2"/>');
  });

  it('writes 270.02 payment with the KBK and tax office', () => {
    expect(field(xml, 'field_270_02_B')).toBe('10773');
    expect(field(xml, 'field_270_02_kogd_01')).toBe('6004');
  });

  it('lists transactions in 270.04 with dd.mm.yyyy dates and escaped text', () => {
    expect(field(xml, 'field_270_04_B_B_1')).toBe('Покупка');
    expect(field(xml, 'field_270_04_B_F_1')).toBe('01.02.2024');
    expect(field(xml, 'field_270_04_B_J_1')).toBe('900.25');
    expect(field(xml, 'field_270_04_B_B_2')).toBe('Продажа');
    expect(field(xml, 'field_270_04_E_C_1')).toBe('US0378331005');
    expect(xml).toContain('<field name="field_270_04_B_A_3"/>');
    expect(xml).toContain('<row>');
    const doc = sample270();
    doc.sections.purchase_transaction_section = [{ ...purchase(1), isin_security: null, name_security: 'A <&> "B"' }];
    expect(renderXml(doc)).toContain('<field name="field_270_04_B_E_1">A &lt;&amp;&gt; &quot;B&quot;</field>');
  });

  it('repeats 270.04 pages, 6 rows per page, rows numbered across pages, every copy page number 1 (S3)', async () => {
    const doc = base(3, { purchase_transaction_section: Array.from({ length: 13 }, (_, i) => purchase(i)) });
    const x = renderXml(doc);
    expect(x.match(/<form name="form_270_04">/g)).toHaveLength(3);
    const pages = x.split('<form name="form_270_04">').slice(1);
    expect(field(pages[1] ?? '', 'field_270_04_B_A_1')).toBe('7');
    expect(field(pages[2] ?? '', 'field_270_04_B_A_1')).toBe('13');
    expect(field(pages[2] ?? '', 'field_270_04_B_A_2')).toBe('');
    // issue 17: copies of KGD's 270.04 page all carry page number 1 (fno-xml.md S3); was 1, 2, 3
    expect(field(pages[2] ?? '', 'page_number')).toBe('1');
    expect((await validateXml(x, 3)).valid).toBe(true);
  });

  it('leaves out deals that need more information (270.04 stays, empty and not flagged)', () => {
    const doc = base(3, { purchase_transaction_section: [{ ...purchase(1), status: 1 }] });
    const x = renderXml(doc);
    // issue 17: all eight forms are written even when empty (S3); was: no form_270_04 at all
    expect(x.match(/<form name="form_270_04">/g)).toHaveLength(1);
    expect(field(x, 'field_270_04_B_A_1')).toBe('');
    expect(field(x, 'pril_4')).toBe('false');
  });

  it('picks the kind flag by declaration type name', () => {
    const x = renderXml({ ...sample270(), type: { id: 3, name: 'Дополнительная' } });
    expect(field(x, 'dt_additional')).toBe('true');
    expect(field(x, 'dt_regular')).toBe('false');
  });
});

describe('250.00 and 240.00 XML', () => {
  it('250.00 passes validation and puts securities in form_250_04 section 7', async () => {
    const xml = renderXml(sample250());
    expect(await validateXml(xml, 2)).toEqual({ valid: true, errors: [] });
    expect(xml).toContain('<fno code="250.00"');
    expect(field(xml, 'app_year')).toBe('31.12.2024');
    expect(field(xml, 'name1')).toBe('Иванов');
    expect(field(xml, 'field_250_04_7_A_1')).toBe('1');
    expect(field(xml, 'field_250_04_7_B_1')).toBe('3');
    expect(field(xml, 'field_250_04_7_E_1')).toBe('150.75');
    expect(field(xml, 'rating_auth_code')).toBe('6004');
  });

  it('240.00 passes validation and carries the computation lines', async () => {
    const xml = renderXml(sample240());
    expect(await validateXml(xml, 1)).toEqual({ valid: true, errors: [] });
    expect(field(xml, 'field_240_00_001')).toBe('115226');
    expect(field(xml, 'field_240_00_018')).toBe('10773');
  });
});

describe('validation failures', () => {
  const xml = renderXml(sample270());

  it('fails the XSD for a foreign envelope or element', async () => {
    const wrongCode = await validateXml(xml.replace('code="270.00"', 'code="910.00"'), 3);
    expect(wrongCode.valid).toBe(false);
    const extra = await validateXml(xml.replace('<sheetGroup>', '<sheetGroup><script/>'), 3);
    expect(extra.valid).toBe(false);
    expect(extra.errors.join('\n')).toMatch(/script/);
    const badName = await validateXml(xml.replace('name="fio1"', 'name="evil"'), 3);
    expect(badName.valid).toBe(false);
  });

  it('fails the value patterns for a bad IIN, date or amount', async () => {
    const r = await validateXml(
      xml
        .replace('<field name="iin">900101300126</field>', '<field name="iin">12345</field>')
        .replace('<field name="field_270_01_A">110225</field>', '<field name="field_270_01_A">110225.5</field>')
        .replace('<field name="submit_date">01.03.2025</field>', '<field name="submit_date">2025-03-01</field>'),
      3,
    );
    expect(r.valid).toBe(false);
    expect(r.errors.join('\n')).toMatch(/iin.*12 цифр/);
    expect(r.errors.join('\n')).toMatch(/field_270_01_A:.*целое/);
    expect(r.errors.join('\n')).toMatch(/submit_date/);
  });

  it('fails on a 250.00 document checked against the 270.00 schema', async () => {
    expect((await validateXml(renderXml(sample250()), 3)).valid).toBe(false);
  });
});

describe('refusal to render', () => {
  const cases: [string, (d: ReturnType<typeof sample270>) => void, string][] = [
    ['no surname', (d) => (d.personal.surname = ''), 'MISSING_PERSONAL_DATA'],
    ["'null' name", (d) => (d.personal.name = 'null'), 'MISSING_PERSONAL_DATA'],
    ['short IIN', (d) => (d.personal.iin = '12345'), 'INVALID_IIN'],
    ['letters in IIN', (d) => (d.personal.iin = '90010130012A'), 'INVALID_IIN'],
    ['bad spouse IIN', (d) => (d.personal.spouses_iin = '1'), 'INVALID_IIN'],
    ['IIN with a wrong control digit (KGD refuses it)', (d) => (d.personal.iin = '900101300123'), 'INVALID_IIN'],
    ['all-zero IIN', (d) => (d.personal.iin = '000000000000'), 'INVALID_IIN'],
    ['spouse IIN with a wrong control digit', (d) => (d.personal.spouses_iin = '860606400888'), 'INVALID_IIN'],
    ['no tax office', (d) => (d.kgdCode = ''), 'INVALID_KGD_CODE'],
    ['unsupported year', (d) => (d.year = 2019), 'UNSUPPORTED_FORM'],
  ];
  it.each(cases)('%s', (_, spoil, code) => {
    const doc = sample270();
    spoil(doc);
    let err: unknown;
    try {
      renderXml(doc);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(DocumentError);
    expect((err as DocumentError).code).toBe(code);
    expect((err as DocumentError).message).toMatch(/[А-Яа-я]/);
  });

  it('names the missing fields in Russian', () => {
    const doc = sample270();
    doc.personal.surname = ' ';
    expect(() => renderXml(doc)).toThrow('Заполните персональные данные: фамилия');
  });
});
