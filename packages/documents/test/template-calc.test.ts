import en from '@deklarant/i18n/locales/en/checks.json';
import kk from '@deklarant/i18n/locales/kk/checks.json';
import ru from '@deklarant/i18n/locales/ru/checks.json';
import { describe, expect, it } from 'vitest';
import { lines270 } from '../src/lines.ts';
import type { FormTemplate } from '../src/template/model.ts';
import { templateFor } from '../src/template/registry.ts';
import type { Value } from '../src/template/script-eval.ts';
import { runScript } from '../src/template/script-eval.ts';
import { parseScript } from '../src/template/script-parse.ts';
import { scriptCoverage } from '../src/template/scripts.ts';
import type { FnoDocument, FnoField } from '../src/xml/model.ts';
import { renderXml } from '../src/xml/render.ts';
import { checkAgainstTemplate } from '../src/xml/template-check.ts';
import { FIFTH, sample270 } from './fixtures.ts';
import { file910, PACKAGE_910, t910 } from './kgd-910.ts';

/**
 * Issue 17: the check before signing evaluates the form's own CALC scripts (src/template/scripts.ts): those of
 * our 270.00 template (generated from LINES_270_01[].formula by scripts/form-templates.ts) and those of KGD's
 * own templates (910.00 v27 r133, read from the shared research folder, never copied into the repository).
 */
const TODAY = new Date('2025-03-02T08:00:00Z');
const check = (x: string | FnoDocument, template?: FormTemplate, lang?: 'ru' | 'kk' | 'en') =>
  checkAgainstTemplate(x, { today: TODAY, ...(template ? { template } : {}), ...(lang ? { lang } : {}) });
/** the CALC sentences of the `checks` catalogue, in Russian */
const isCalc = (p: string) => /по расчету формы/.test(p);

const PAGE_01 = 'Приложение 270.01. Исчисление индивидуального подоходного налога';
const setField = (xml: string, name: string, from: string, to: string) => {
  const a = `<field name="${name}">${from}</field>`;
  expect(xml).toContain(a);
  return xml.replace(a, to === '' ? `<field name="${name}"/>` : `<field name="${name}">${to}</field>`);
};

describe('our 270.00 template carries the arithmetic of 270.01 as KGD CALC scripts', () => {
  const t = templateFor('270.00', 2024);

  it('one script per line with a formula, except H (the rate depends on the year), in KGD syntax', () => {
    const calc = t.scripts.filter((s) => s.type === 'CALC');
    expect(calc.map((s) => s.field)).toEqual(
      ['A', 'A_1', 'B', 'B_1', 'D', 'E', 'G', 'K'].map((l) => `page_270_01_01.field_270_01_${l}`),
    );
    const code = (l: string) => calc.find((s) => s.field === `page_270_01_01.field_270_01_${l}`)?.code;
    expect(code('A_1')).toBe('res=@page_270_01_01.field_270_01_A_1_1 + @page_270_01_01.field_270_01_A_1_2;');
    expect(code('D')).toBe(
      'res=@page_270_01_01.field_270_01_A + @page_270_01_01.field_270_01_B + @page_270_01_01.field_270_01_C;',
    );
    expect(code('G')).toBe(
      'res=@page_270_01_01.field_270_01_D - @page_270_01_01.field_270_01_E - @page_270_01_01.field_270_01_F;',
    );
    const k = '@page_270_01_01.field_270_01_H - @page_270_01_01.field_270_01_I - @page_270_01_01.field_270_01_J';
    expect(code('K')).toBe(`if (${k} < 0) then res=0 else res=${k};`);
    // every one of them is of the kind the check evaluates
    expect(calc.every((s) => parseScript(s.code))).toBe(true);
    expect(scriptCoverage(t).calc).toEqual({ total: 8, understood: 8 });
  });
});

describe('the check before signing evaluates the CALC scripts of our 270.00', () => {
  const xml = renderXml(sample270());

  it('passes the declaration as the writer prints it (ordinary, flat rate, credit above the tax, rounding credit)', () => {
    expect(check(xml)).toEqual([]);
    // the scripts are there and evaluated: the same file with K one tenge off is refused
    expect(templateFor('270.00', 2024).scripts.filter((s) => s.type === 'CALC')).toHaveLength(8);
    expect(check(setField(xml, 'field_270_01_K', '10773', '10772')).filter(isCalc)).toHaveLength(1);
    // flat-rate year: H = G x 10 %
    expect(check(renderXml({ ...sample270(), taxRate: '0.10' }))).toEqual([]);
    // the foreign credit exceeds the tax by a tenge after rounding: K is 0, not -1 (the script's `if ... < 0`)
    const over = {
      ...sample270(),
      fifthSection: { ...FIFTH, foreign_tax_credit: '11523.6', amount_of_IPN_final: '0' },
    };
    const l = lines270(over);
    expect([l.find((x) => x.line === 'I')?.whole, l.find((x) => x.line === 'K')?.whole]).toEqual(['11524', '0']);
    expect(check(renderXml(over))).toEqual([]);
    // the credit takes up the rounding remainder: I = H, K = 0
    const rem = {
      ...sample270(),
      fifthSection: { ...FIFTH, foreign_tax_credit: '11522.4', amount_of_IPN_final: '0.15' },
    };
    const r = lines270(rem);
    expect([r.find((x) => x.line === 'I')?.whole, r.find((x) => x.line === 'K')?.whole]).toEqual(['11523', '0']);
    expect(check(renderXml(rem))).toEqual([]);
  });

  it('refuses K changed by one tenge, naming the line as printed with both figures', () => {
    // (270.02 still carries the old K: the CHECK scripts refuse that too, see template-check-scripts.test.ts)
    expect(check(setField(xml, 'field_270_01_K', '10773', '10774')).filter(isCalc)).toEqual([
      `«Сумма ИПН, подлежащая уплате» (форма 270.01, «${PAGE_01}»): указано «10774», а по расчету формы — «10773»`,
    ]);
  });

  it('refuses a total that is not the sum of its lines (D ≠ A + B + C), and G computed from it', () => {
    expect(check(setField(xml, 'field_270_01_D', '115226', '115326'))).toEqual([
      `«Общая сумма доходов» (форма 270.01, «${PAGE_01}»): указано «115326», а по расчету формы — «115226»`,
      `«Облагаемый доход» (форма 270.01, «${PAGE_01}»): указано «115226», а по расчету формы — «115326»`,
    ]);
    // an income line changed under its total (A_1 = A_1_1 + A_1_2): the total no longer adds up
    expect(check(setField(xml, 'field_270_01_A_1_2', '110225', '110000'))).toEqual([
      `«Доход от прироста стоимости при реализации имущества» (форма 270.01, «${PAGE_01}»): указано «110225», а по расчету формы — «110000»`,
    ]);
  });

  it('refuses an empty total whose lines are filled; K under zero is 0', () => {
    expect(check(setField(xml, 'field_270_01_D', '115226', ''))).toContain(
      `«Общая сумма доходов» (форма 270.01, «${PAGE_01}»): не заполнено, а по расчету формы — «115226»`,
    );
    const x = setField(setField(xml, 'field_270_01_I', '750', '20000'), 'field_270_01_K', '10773', '-8477');
    expect(check(x).filter(isCalc)).toEqual([
      `«Сумма ИПН, подлежащая уплате» (форма 270.01, «${PAGE_01}»): указано «-8477», а по расчету формы — «0»`,
    ]);
  });

  it('speaks the reader’s language: the catalogue sentence, the line’s name in Kazakh', () => {
    const x = setField(xml, 'field_270_01_K', '10773', '10774');
    const [k] = check(x, undefined, 'kk');
    expect(k).toMatch(
      /^«[^»]+» \(270\.01 нысаны, «[^»]+»\): көрсетілгені «10774», ал нысанның есептеуі бойынша «10773»/,
    );
    expect(k).not.toContain('Сумма ИПН');
    const [e] = check(x, undefined, 'en');
    expect(e).toMatch(/the value given is “10774”, but the form computes “10773”$/);
    for (const key of ['mismatch', 'missing'] as const) {
      for (const v of ['titled', 'untitled'] as const) {
        expect(en.calc[key][v]).not.toMatch(/[\u0400-\u04FF]/);
        expect(kk.calc[key][v]).not.toBe(ru.calc[key][v]);
      }
    }
  });
});

describe('the figures of the script language', () => {
  const figure = (code: string, values: Record<string, string>) => {
    const s = parseScript(code);
    const v = s && runScript(s, (r) => values[r.field] ?? '')?.value;
    return v === undefined ? undefined : String(v as Value);
  };

  it('reads sums, differences, numbers, @page., parentheses and one comparison', () => {
    expect(figure('res = @page.field_910_00_007 *0.5;', { field_910_00_007: '301' })).toBe('150.5');
    expect(figure('res=@page_910_00_01.field_910_00_001*3/100', { field_910_00_001: '1000' })).toBe('30');
    const cond =
      'if (@page_910_00_01.period_year>=2025) then res=@page_910_00_01.x*5/100 else res=@page_910_00_01.x*3.5/100;';
    expect(figure(cond, { period_year: '2025', x: '1000' })).toBe('50');
    expect(figure(cond, { period_year: '2024', x: '1000' })).toBe('35');
    expect(figure('res=(@page_a.x - @page_a.y)*2 + -1', { x: '5', y: '2' })).toBe('5');
  });

  it('does not read anything else (the script is then skipped)', () => {
    for (const code of [
      'res=@formula.switch((@page.period_year<>2025), 0, 1);',
      "if (@formula.typenp.( @page_910_00_01.iin , '2' )='F')*(@page.x='') then res='1';",
      "if @formula.checkRnn(@page_910_01_01.rnn_uchr)<>1 then res='20269554';",
      "if @page.submit_date>@formula.get_cur_date then res='1';",
      'res=max(@page_a.x, 0);',
      "if substr(@page_a.x, 1, 2)='KZ' then res='1';",
      'if (@page_a.x = @page_a.y = 1) then res=1;',
      'res=@page_a.x + ',
      'res=@page_a.x; res=1;',
      '',
    ]) {
      expect(parseScript(code), code).toBeNull();
    }
  });

  it('skips in the check every script it does not understand, and reports only the one it does', () => {
    const ours = templateFor('270.00', 2024);
    const scripts = [
      // a column sum and a row reference on a page without rows; a function; a condition of unknown value
      'res=@formula.csum.field_270_01_K;',
      'res=@row.field_270_01_K;',
      'res=max(@page_270_01_01.field_270_01_H, 0);',
      'res=@formula.switch(@page_270_01_01.field_270_01_H>0, 1, 2);',
      "if (@page_270_01_01.field_270_01_X='') then res=1 else res=2;",
    ].map((code) => ({ field: 'page_270_01_01.field_270_01_K', type: 'CALC', code }));
    const others = [
      // a script on a text field, on a field and a page the template does not have: not evaluated
      { field: 'page_270_00_01.fio1', type: 'CALC', code: 'res=@page_270_00_01.iin;' },
      { field: 'page_270_01_01.field_270_01_X', type: 'CALC', code: 'res=1;' },
      { field: 'page_270_09_01.field_270_09_A', type: 'CALC', code: 'res=1;' },
      // a CHECK without a condition, or whose result is not a message code, is not a rule
      { field: 'page_270_01_01.field_270_01_K', type: 'CHECK', code: "res='27000191';" },
      { field: 'page_270_01_01.field_270_01_K', type: 'CHECK', code: 'if 1=1 then res=1;' },
    ];
    const xml = renderXml(sample270());
    const unknownOnly: FormTemplate = { ...ours, scripts: [...scripts, ...others] };
    expect(check(xml, unknownOnly)).toEqual([]);
    expect(scriptCoverage(unknownOnly)).toEqual({
      calc: { total: 8, understood: 0 },
      check: { total: 2, understood: 0 },
    });
    const wrong = {
      field: 'page_270_01_01.field_270_01_K',
      type: 'CALC',
      code: 'res=@page_270_01_01.field_270_01_H+1;',
    };
    expect(check(xml, { ...unknownOnly, scripts: [...unknownOnly.scripts, wrong] })).toEqual([
      `«Сумма ИПН, подлежащая уплате» (форма 270.01, «${PAGE_01}»): указано «10773», а по расчету формы — «11524»`,
    ]);
  });
});

/** A small 910.00 (first half-year) with its totals; `change` alters single fields by page. */
function doc910(change: Record<string, Record<string, string>> = {}, year = '2024'): FnoDocument {
  const head = { iin: '900101300126', period_year: year, period_half_year: '1' };
  const pages: Record<string, Record<string, string>> = {
    page_910_00_01: {
      ...head,
      field_910_00_001: '10000000',
      field_910_00_005: '300000',
      field_910_00_006: '20000',
      field_910_00_007: '280000',
      field_910_00_008: '140000',
      field_910_00_010_1: '100000',
      field_910_00_010_2: '12345',
      field_910_00_010: '112345',
    },
    page_910_00_02: {
      ...head,
      // 3.5 % before 2025: 3500 and 432.075 (the form's rounding is not documented: 432 or 433)
      field_910_00_011_1: '3500',
      field_910_00_011_2: '432',
      field_910_00_011: '3932',
    },
    page_910_00_03: { field_910_00_021_1: '1000', field_910_00_021_2: '2500', field_910_00_021: '3500' },
  };
  return {
    code: '910.00',
    formatVersion: '1',
    version: '27',
    forms: [
      {
        name: 'form_910_00',
        sheets: Object.entries(pages).map(([name, fields]) => ({
          name,
          fields: Object.entries({ ...fields, ...change[name] }) as FnoField[],
        })),
      },
    ],
  };
}

describe.skipIf(!t910)(
  `CALC scripts of KGD's own 910.00 v27 (${file910 ? 'found' : `skipped: ${PACKAGE_910} is absent or tar/bzip2 missing`})`,
  () => {
    const t = t910 as FormTemplate;
    const calc = (d: FnoDocument) => check(d, t).filter(isCalc);

    it('understands 81 of its 121 CALC scripts, the column sums and the figures under a condition among them', () => {
      expect(scriptCoverage(t).calc).toEqual({ total: 121, understood: 81 });
      const all = t.scripts.filter((s) => s.type === 'CALC');
      // read now: the 42 column sums (@formula.csum) and the 7 `if (x='') then res=…` (81 = 32 + 42 + 7); not
      // read: 7 @formula.switch; the other 33 name fields this version of the form no longer has (001_04, rnn)
      expect(all.filter((s) => !parseScript(s.code)).map((s) => /@formula\.switch/.test(s.code))).toEqual(
        Array(7).fill(true),
      );
      expect(all.filter((s) => /@formula\.csum/.test(s.code) && parseScript(s.code))).toHaveLength(42);
    });

    it('passes a 910.00 whose totals are right', () => {
      expect(calc(doc910())).toEqual([]);
      // evaluated, not ignored: the same document with one total off is refused
      expect(calc(doc910({ page_910_00_03: { field_910_00_021: '3501' } }))).toHaveLength(1);
      // 2025: 5 % — 5000 and 617.25 (617 or 618)
      expect(
        calc(
          doc910(
            { page_910_00_02: { field_910_00_011_1: '5000', field_910_00_011_2: '618', field_910_00_011: '5618' } },
            '2025',
          ),
        ),
      ).toEqual([]);
    });

    it('names a wrong total by its printed label with the figure the form computes', () => {
      expect(calc(doc910({ page_910_00_01: { field_910_00_007: '280001' } }))).toEqual([
        '«Строка 910.00.007» (форма 910.00, «Страница 1»): указано «280001», а по расчету формы — «280000»',
      ]);
      const [sum] = calc(doc910({ page_910_00_03: { field_910_00_021: '3400' } }));
      expect(sum).toMatch(
        /^«Строка 910\.00\.021 VII» \(форма 910\.00, «[^»]+»\): указано «3400», а по расчету формы — «3500»$/,
      );
    });

    it('honours the year in a conditional script: 3.5 % is wrong in 2025', () => {
      const problems = calc(doc910({}, '2025'));
      // 011_1 and 011_2 (their total 011 still adds them up)
      expect(problems).toHaveLength(2);
      expect(problems[0]).toMatch(/указано «3500», а по расчету формы — «5000»$/);
      expect(problems[1]).toMatch(/указано «432», а по расчету формы — «617»$/);
    });

    it('checks the copies of the first page: the year repeated on page 2', () => {
      expect(calc(doc910({ page_910_00_02: { period_year: '2023' } }))).toEqual([
        expect.stringMatching(/\(форма 910\.00, «[^»]+»\): указано «2023», а по расчету формы — «2024»$/),
      ]);
    });
  },
);
