import { describe, expect, it } from 'vitest';
import { allFields, type FormTemplate, pageFields } from '../src/template/model.ts';
import { javaColor, parseTemplate } from '../src/template/read.ts';
import { file910, PACKAGE_910, t910 } from './kgd-910.ts';

describe.skipIf(!t910)(
  `KGD template reader on the real 910.00 v27 (${file910 ? 'found' : `skipped: ${PACKAGE_910} is absent or tar/bzip2 missing`})`,
  () => {
    const t = t910 as FormTemplate;

    it('reads the envelope: code, version, revision, validity', () => {
      // <fno ... version="27" startDate="01.01.2023" endDate="31.12.2026" revisionNumber="133" code="910.00"
      expect([t.code, t.version, t.revision, t.startDate, t.endDate]).toEqual([
        '910.00',
        '27',
        '133',
        '01.01.2023',
        '31.12.2026',
      ]);
    });

    it('reads the main form and the three appendices with their pages', () => {
      // mainForm form_910_00 with page_910_00_01..04; attachmentForm 910.01 (6 sheets), 910.02 (8), 910.03 (3):
      // counted with `grep -o '<sheet ' | wc -l` = 21 and by reading the pageName attributes in order.
      expect(t.forms.map((f) => [f.name, f.code, f.pages.length])).toEqual([
        ['form_910_00', '910.00', 4],
        ['form_910_01', '910.01', 6],
        ['form_910_02', '910.02', 8],
        ['form_910_03', '910.03', 3],
      ]);
      expect(t.forms[0]?.pages.map((p) => p.name)).toEqual([
        'page_910_00_01',
        'page_910_00_02',
        'page_910_00_03',
        'page_910_00_04',
      ]);
      const p1 = t.forms[0]?.pages[0];
      expect([p1?.width, p1?.height, p1?.orientation]).toEqual([210, 297, 'VERTICAL']);
      const a1 = t.forms[1]?.pages[0];
      expect([a1?.width, a1?.height, a1?.orientation]).toEqual([297, 210, 'HORIZONTAL']);
    });

    it('counts every field by type, row fields included', () => {
      // `grep -o 'fieldType="NUMERIC"' form_910_00_v27_r133.xml | wc -l` = 1230, TEXT 284, DATE 19,
      // CHECKBOX 7, RADIO 6, TCHECKBOX 3, BARCODE 21 (1570 in all).
      const byType: Record<string, number> = {};
      for (const f of allFields(t)) byType[f.type] = (byType[f.type] ?? 0) + 1;
      expect(byType).toEqual({ NUMERIC: 1230, TEXT: 284, DATE: 19, CHECKBOX: 7, RADIO: 6, TCHECKBOX: 3, BARCODE: 21 });
    });

    it('reads row groups: 14 rows per 910.01/910.03 page, 15 per 910.02 page', () => {
      // `grep -o '<row>' | wc -l` = 246 = 6×14 + 8×15 + 3×14
      expect(t.forms.flatMap((f) => f.pages.map((p) => p.rows.length))).toEqual([
        0, 0, 0, 0, 14, 14, 14, 14, 14, 14, 15, 15, 15, 15, 15, 15, 15, 15, 14, 14, 14,
      ]);
    });

    it('reads the mandatory flags', () => {
      // `grep -o 'isMandatory="true"' | wc -l` = 21; the names read off those 21 elements:
      const mandatory = allFields(t).filter((f) => f.mandatory);
      expect(mandatory).toHaveLength(21);
      expect(new Set(mandatory.map((f) => f.name))).toEqual(
        new Set([
          'period_year',
          'period_half_year',
          'currency_code',
          'accept_date',
          'head_name',
          'post_date',
          'submit_date',
          'in_doc_number',
          'receptor_name',
        ]),
      );
    });

    it('reads positions, lengths and comb boxes as printed (checked by hand in the file)', () => {
      const page = (n: string) => t.forms.flatMap((f) => f.pages).find((p) => p.name === n);
      const f = (p: string, name: string) => page(p) && pageFields(page(p)!).find((x) => x.name === name);
      // <numericField x="33.95" y="31.96" width="59.00" height="5.12" ... fieldName="iin" ... length="12" comb="true">
      expect(f('page_910_00_01', 'iin')).toMatchObject({
        type: 'NUMERIC',
        x: 33.95,
        y: 31.96,
        width: 59,
        height: 5.12,
        length: 12,
        comb: true,
        mandatory: false,
      });
      // last page: head_name (TEXT, mandatory) at 8.26/179.32, submit_date (DATE) at 39.10/193.54,
      // rating_auth_code 4 digits at 49.21/206.84, accept_date at 161.85/226.44
      expect(f('page_910_00_04', 'head_name')).toMatchObject({ type: 'TEXT', x: 8.26, y: 179.32, mandatory: true });
      expect(f('page_910_00_04', 'submit_date')).toMatchObject({ type: 'DATE', x: 39.1, y: 193.54, mandatory: true });
      expect(f('page_910_00_04', 'rating_auth_code')).toMatchObject({ x: 49.21, y: 206.84, length: 4, comb: true });
      expect(f('page_910_00_04', 'accept_date')).toMatchObject({ x: 161.85, y: 226.44, mandatory: true });
      // <checkbox x="187.34" y="90.31" width="4.00" height="4.00" fieldType="CHECKBOX" ... fieldName="dt_final">
      expect(f('page_910_00_01', 'dt_final')).toMatchObject({ type: 'CHECKBOX', x: 187.34, y: 90.31, width: 4 });
      // the second row of page_910_01_01 has field_910_01_C at y=153.50 with isLengthFixed="true"
      const row2 = page('page_910_01_01')?.rows[1];
      expect(row2?.find((x) => x.name === 'field_910_01_C')).toMatchObject({ y: 153.5, length: 12, lengthFixed: true });
    });

    it('reads the printed page: rectangles, texts and their Russian labels', () => {
      // `grep -o '<rectangle ' | wc -l` = 2877, `grep -o '<text ' | wc -l` = 1441 over all 21 pages
      const pages = t.forms.flatMap((f) => f.pages);
      expect(pages.reduce((n, p) => n + p.rects.length, 0)).toBe(2877);
      expect(pages.reduce((n, p) => n + p.texts.length, 0)).toBe(1441);
      const first = pages[0]!;
      // <rectangle x="7.00" y="176.36" width="15.00" height="5.00" brushColor="-1" borderColor="-8355712" borderWidth="0.25">
      expect(first.rects).toContainEqual({
        x: 7,
        y: 176.36,
        width: 15,
        height: 5,
        fill: '#ffffff',
        border: '#808080',
        borderWidth: 0.25,
      });
      // the page title code 20270245 is «Страница 1» in form_910_00_v27_r133_loc.xml
      expect(t.labels.get(first.titleCode ?? '')).toBe('Страница 1');
      expect(t.labels.size).toBe(25858); // <rus size="25858">
    });

    it('reads the Kazakh labels of the same codes, blank ones left out', () => {
      // <kaz size="25858">: 10 778 of its kazItem messages are not blank (counted with a script over the file)
      expect(t.kazakhLabels?.size).toBe(10778);
      // code 20270245: «Страница 1» / «1 бет»; 178477: «Графа AB» / «AB бағаны»
      expect(t.kazakhLabels?.get('20270245')).toBe('1 бет');
      expect([t.labels.get('178477'), t.kazakhLabels?.get('178477')]).toEqual(['Графа AB', 'AB бағаны']);
    });

    it('reads the check scripts', () => {
      // `grep -o '<script field' | wc -l` = 654: 533 CHECK and 121 CALC
      expect(t.scripts).toHaveLength(654);
      expect(t.scripts.filter((s) => s.type === 'CHECK')).toHaveLength(533);
      expect(t.scripts.some((s) => s.code.includes("res='20268973'"))).toBe(true);
    });
  },
);

describe('KGD template reader: refused input', () => {
  it('names the file of a malformed template', () => {
    expect(() => parseTemplate('<fno code="270.00" version="1"><mainForm>', 'form_270_00_v1.xml')).toThrow(
      /«form_270_00_v1\.xml» не принят: ошибка XML/,
    );
  });

  it('refuses a file without a form code or pages', () => {
    expect(() => parseTemplate('<fno version="1"><mainForm formName="x"/></fno>', 'a.xml')).toThrow(/код формы/);
    expect(() =>
      parseTemplate('<fno code="270.00" version="1"><mainForm formName="form_270_00"/></fno>', 'b.xml'),
    ).toThrow(/без страниц/);
  });

  it('turns Java ARGB colours into CSS', () => {
    expect(javaColor('-1')).toBe('#ffffff');
    expect(javaColor('-8355712')).toBe('#808080');
    expect(javaColor('0')).toBeNull();
  });
});
