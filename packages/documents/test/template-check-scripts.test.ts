import en from '@deklarant/i18n/locales/en/checks.json';
import kk from '@deklarant/i18n/locales/kk/checks.json';
import ru from '@deklarant/i18n/locales/ru/checks.json';
import { describe, expect, it } from 'vitest';
import { LINES_240_00 } from '../src/lines.ts';
import type { FormTemplate } from '../src/template/model.ts';
import { templateFor } from '../src/template/registry.ts';
import { MAYBE, runScript, type Value } from '../src/template/script-eval.ts';
import { parseScript } from '../src/template/script-parse.ts';
import { scriptCoverage } from '../src/template/scripts.ts';
import type { DeclarationDocument, DocumentDeal } from '../src/types.ts';
import type { FnoDocument } from '../src/xml/model.ts';
import { renderXml } from '../src/xml/render.ts';
import { checkAgainstTemplate } from '../src/xml/template-check.ts';
import { FIFTH, purchase, sale, sample240, sample250, sample270 } from './fixtures.ts';
import { type Change910, file910, filled910, PACKAGE_910, t910 } from './kgd-910.ts';

/**
 * The check before signing evaluates the template's CHECK scripts and the rest of KGD's script language
 * (src/template/script-parse.ts, script-eval.ts, scripts.ts): on KGD's own 910.00 v27 r133 (read from the shared
 * research folder, never copied into the repository) and on the CHECK scripts of our 270.00.
 */
const TODAY = new Date('2025-03-02T08:00:00Z');
const check = (x: string | FnoDocument, template?: FormTemplate, lang?: 'ru' | 'kk' | 'en') =>
  checkAgainstTemplate(x, { today: TODAY, ...(template ? { template } : {}), ...(lang ? { lang } : {}) });

/** What one script gives over the fields given by name ('' for the rest): a value, {} (nothing), null (unsure). */
const run = (code: string, values: Record<string, string> = {}) => {
  const s = parseScript(code);
  if (!s) throw new Error(`not read: ${code}`);
  const r = runScript(s, (ref) => values[ref.field] ?? '');
  return r && 'value' in r ? String(r.value as Value) : r;
};

describe('the script language', () => {
  it('compares to 1 or 0 and combines the results with + and *, in exact decimals', () => {
    expect(run("if (@page.a<>'')+(@page.b='')=2 then res='X';", { a: '5' })).toBe('X');
    expect(run("if (@page.a<>'')+(@page.b='')=2 then res='X';", { a: '5', b: '1' })).toEqual({});
    expect(run("if (@page_1.a='')*(@page_1.b<>'') then res='X' else res='';", { b: 'KZ' })).toBe('X');
    expect(run("if @page.a<@page.b then res='X';", { a: '4', b: '5' })).toBe('X');
    expect(run('res=(@page.a<@page.b)+(@page.a=@page.b)*10;', { a: '5', b: '5' })).toBe('10');
    // 0.1 + 0.2 is 0.3 exactly (never a float)
    expect(run("if @page.a+@page.b=0.3 then res='X';", { a: '0.1', b: '0.2' })).toBe('X');
    // KGD's half-tenge tolerance: 432.075 is 432, not 433
    const tolerance =
      "if (@page.t<>'')*(((@page.b*3.5/100)>=@page.t+0.5)+((@page.b*3.5/100)<@page.t-0.5)>0) then res='X';";
    expect(run(tolerance, { b: '12345', t: '432' })).toEqual({});
    expect(run(tolerance, { b: '12345', t: '433' })).toBe('X');
  });

  it("treats an empty field as equal to the quoted '' and as 0 in arithmetic; a filled 0 is not empty", () => {
    expect(run("if @page.a='' then res='X';")).toBe('X');
    expect(run("if @page.a<>'' then res='X';", { a: '0' })).toBe('X');
    expect(run("if (@page.s<>'')+(@page.s-@formula.csum.field_c<>0)=2 then res='X';", { s: '10', field_c: '' })).toBe(
      'X',
    );
    expect(run('res=@page.a+@page.b*2;', { b: '3' })).toBe('6');
  });

  it('leaves undecided what KGD’s client could do either way, so the script is skipped', () => {
    // is '' less than 5? equal to 0? is '02' = '2'? a text in arithmetic? a division by zero?
    expect(run("if @page.a<@page.b then res='X';", { b: '5' })).toBeNull();
    expect(run("if @page.a=0 then res='X';")).toBeNull();
    expect(run("if @page.a=@page.b then res='X';", { b: '0' })).toBeNull();
    expect(run("if @page.a='2' then res='X';", { a: '02' })).toBeNull();
    expect(run('res=@page.a+1;', { a: 'KZ' })).toBeNull();
    expect(run('res=@page.a/@page.b;', { a: '1' })).toBeNull();
    // but a guard that is 0 decides the product whatever the rest: (a<>'')*(a<0) with a empty
    expect(run("if (@page.a<>'')*(@page.a<0) then res='X';")).toEqual({});
    const cmp = parseScript('res=@page.a<1;');
    expect(cmp && runScript(cmp, () => '')).toBeNull();
    expect(MAYBE).toBeTypeOf('symbol');
  });

  it('reads `if` with or without parentheses and without `else`, @row, @formula.csum, @page and @page_NNN', () => {
    for (const code of [
      "if @page_910_01_01.field_910_01_004_05<@page_910_01_01.field_910_01_004_04 then res='20269012';",
      "if (@page_910_01_02.field_910_01_I_SUM='')+(@formula.csum.field_910_01_I<>0)=2 then res='20268973';",
      "if (@row.field_910_02_L ='')*(@row.field_910_02_K <>'') then res='212273';",
      "if (@page.dt_notice = 0) + (@page.notice_date <> '') = 2 then res = '20269577' ;",
      'res= @formula.csum.field_910_01_F;',
      "if 1=1 then res='';",
    ]) {
      expect(parseScript(code), code).not.toBeNull();
    }
  });
});

/** The check's own sentence around the template's message. */
const failed = (field: string, form: string, page: string, message: string) =>
  `«${field}» (форма ${form}, «${page}»): не пройдена проверка формы — ${message}`;

describe.skipIf(!t910)(
  `CHECK scripts of KGD's own 910.00 v27 (${file910 ? 'found' : `skipped: ${PACKAGE_910} is absent or tar/bzip2 missing`})`,
  () => {
    const t = t910 as FormTemplate;
    const check910 = (change: Change910 = {}, lang?: 'kk' | 'en') => check(filled910(change), t, lang);
    const rowsF = (f2: string) =>
      [
        { A: '1', B: 'ПЕТРОВ ПЕТР', C: '900101300126', D: '6', E: '1', F: '600000' },
        { A: '2', B: 'СИДОРОВА АННА', C: '900101300126', D: '6', E: '1', F: f2 },
      ].map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [`field_910_01_${k}`, v])));
    const treaty = (k: string, l: string) => [
      { field_910_02_A: '1', field_910_02_J: '1', field_910_02_K: 'КОНВЕНЦИЯ', field_910_02_L: 'RU' },
      { field_910_02_A: '2', field_910_02_J: '1', field_910_02_K: k, field_910_02_L: l },
    ];

    it('understands 236 of its 533 CHECK scripts and 81 of its 121 CALC scripts', () => {
      expect(scriptCoverage(t)).toEqual({
        calc: { total: 121, understood: 81 },
        check: { total: 533, understood: 236 },
      });
    });

    it('passes a consistently filled 910.00 with its appendices: no CHECK fires, nothing else is wrong', () => {
      expect(check910()).toEqual([]);
      // and the rules are evaluated, not skipped: each of these single changes is refused (tests below)
      expect(check910({ page_910_00_01: { fields: { field_910_00_009: '132567' } } })).toHaveLength(1);
    });

    it('refuses a row-group total that is not the sum of its rows, with KGD’s text (and the CALC figure)', () => {
      expect(check910({ page_910_01_01: { rows: rowsF('400001') } })).toEqual([
        failed('Графа F Итого', '910.01', 'Страница 1', 'Расчет некорректен'),
        '«Графа F Итого» (форма 910.01, «Страница 1»): указано «1000000», а по расчету формы — «1000001»',
      ]);
      // the total emptied while the rows carry figures: «Реквизит отсутствует» (and the figure the form computes)
      expect(check910({ page_910_01_06: { fields: { field_910_01_X_SUM: '' } } })).toEqual([
        failed('Графа X Итого', '910.01', 'Страница 6', 'Реквизит отсутствует'),
        '«Графа X Итого» (форма 910.01, «Страница 6»): не заполнено, а по расчету формы — «2500»',
      ]);
    });

    it('refuses a row with K filled and L empty, naming the row', () => {
      expect(check910({ page_910_02_03: { rows: treaty('КОНВЕНЦИЯ', '') } })).toEqual([
        '«Графа L», строка 2 (форма 910.02, «Страница 3»): не пройдена проверка формы — Не указан код страны, с которой заключен международный договор',
      ]);
    });

    it('refuses a line below the column total it must cover (910.00.023 < 910.01 column X total)', () => {
      const x = [
        { field_910_01_A: '1', field_910_01_X: '2500' },
        { field_910_01_A: '2', field_910_01_X: '1000' },
      ];
      expect(check910({ page_910_01_06: { rows: x, fields: { field_910_01_X_SUM: '3500' } } })).toEqual([
        failed('Строка 910.00.023 VII', '910.00', 'Страница 3', 'Расчет некорректен'),
      ]);
    });

    it('refuses lines against the form’s own figures: 009, 011_2 at 3.5 % within half a tenge, a missing 007', () => {
      expect(check910({ page_910_00_01: { fields: { field_910_00_009: '132000' } } })).toEqual([
        failed('Строка 910.00.009', '910.00', 'Страница 1', 'Расчет некорректен'),
      ]);
      // 12 345 x 3.5 % = 432.075: KGD's CHECK takes 432, not 433 (the CALC alone would accept both)
      const p2 = { field_910_00_011_2: '433', field_910_00_011: '3933' };
      const p1 = { field_910_00_009: '132567' };
      expect(check910({ page_910_00_01: { fields: p1 }, page_910_00_02: { fields: p2 } })).toEqual([
        failed('Строка 910.00.011 II', '910.00', 'Страница 2', 'Расчет некорректен'),
      ]);
      // 007 empty while 005 and 006 are filled; 016_A empty while 016 is filled
      expect(check910({ page_910_00_01: { fields: { field_910_00_007: '' } } })).toContain(
        failed('Строка 910.00.007', '910.00', 'Страница 1', 'Реквизит отсутствует'),
      );
      expect(check910({ page_910_00_02: { fields: { field_910_00_016_A: '' } } })).toEqual([
        failed('Доходы работников', '910.00', 'Страница 2', 'Реквизит отсутствует'),
      ]);
    });

    it('reads flags as 1/0: no kind of declaration ticked, neither resident nor non-resident', () => {
      const problems = check910({ page_910_00_01: { fields: { dt_regular: 'false' } } });
      expect(problems).toContain(failed('Вид декларации', '910.00', 'Страница 1', 'Не указан вид декларации'));
      const [cb] = check910({ page_910_00_01: { fields: { cb_n1: 'false' } } });
      expect(cb).toMatch(/не пройдена проверка формы — Реквизит отсутствует$/);
    });

    it('does not refuse for a HINT message, a script it does not understand, or a rule it cannot decide', () => {
      // K empty with J filled: KGD's message 212272 is a HINT («Наименование международного договора не указано»)
      expect(t.labelTypes?.get('212272')).toBe('HINT');
      expect(check910({ page_910_02_03: { rows: treaty('', '') } })).toEqual([]);
      // 015_6 required for an individual by @formula.typenp (not understood); 2025: the income limit (LABEL)
      expect(check910({ page_910_00_02: { fields: { field_910_00_015_6: '' } } })).toEqual([]);
      // the year empty: every `period_year<2025` is undecided (only the mandatory field is reported)
      const noYear = check910({ page_910_00_01: { fields: { period_year: '' } } });
      expect(noYear.filter((p) => /не пройдена проверка формы/.test(p))).toEqual([]);
    });

    it('speaks Kazakh with the template’s Kazakh message, English with our sentence', () => {
      const change: Change910 = { page_910_02_03: { rows: treaty('КОНВЕНЦИЯ', '') } };
      const [k] = check910(change, 'kk');
      expect(k).toMatch(
        /^«L бағаны», 2-жол \(910\.02 нысаны, «[^»]+»\): нысанның тексеруінен өтпеді — Халықаралық шарт жасасқан елдің коды көрсетілмеген$/,
      );
      const [e] = check910(change, 'en');
      expect(e).toMatch(/^“[^”]+”, row 2 \(form 910\.02, “[^”]+”\): the form’s own check fails — /);
    });
  },
);

describe('CHECK scripts of our 270.00', () => {
  const t = templateFor('270.00', 2024);
  const xml = renderXml(sample270());
  const setField = (x: string, name: string, from: string, to: string) => {
    const a = `<field name="${name}">${from}</field>`;
    expect(x).toContain(a);
    return x.replace(a, to === '' ? `<field name="${name}"/>` : `<field name="${name}">${to}</field>`);
  };
  const PAGE_01 = 'Приложение 270.01. Исчисление индивидуального подоходного налога';
  const PAGE_02 = 'Приложение 270.02. Сведения об уплате налога';
  const K = 'Сумма ИПН, подлежащая уплате';

  it('carries 10 rules in KGD syntax, every one understood', () => {
    expect(scriptCoverage(t)).toEqual({ calc: { total: 8, understood: 8 }, check: { total: 10, understood: 10 } });
    const code = (field: string) => t.scripts.filter((s) => s.type === 'CHECK' && s.field === field)[0]?.code;
    expect(code('page_270_06_01.field_270_06_A')).toMatch(
      /^if \(@row\.field_270_06_A=''\)\*\(@row\.field_270_06_B<>''\) then res='\d+';$/,
    );
    expect(code('page_270_00_01.pril_2')).toMatch(
      /^if \(@page_270_00_01\.pril_2=0\)\*\(@page_270_02_01\.field_270_02_B<>''\) then res='\d+';$/,
    );
  });

  it('passes every declaration the writer prints: flat rate, nothing payable, many rows on repeated pages', () => {
    expect(check(xml)).toEqual([]);
    expect(check(renderXml({ ...sample270(), taxRate: '0.10' }))).toEqual([]);
    // nothing payable: 270.02 is printed empty; the credit covers the tax
    const none = {
      ...sample270(),
      fifthSection: { ...FIFTH, foreign_tax_credit: '11523.6', amount_of_IPN_final: '0' },
    };
    expect(check(renderXml(none))).toEqual([]);
    expect(check(renderXml(many()))).toEqual([]);
  });

  // 2024 has one flat rate of 10 %: G 115 226 × 10 % = 11 522.60, printed half up as 11 523
  it('refuses an H that is not G × 10 % rounded to the tenge, for a flat-rate year only', () => {
    const H = 'Сумма исчисленного ИПН';
    const rule =
      'Исчисленная сумма ИПН не соответствует облагаемому доходу (строка 270.01.G), умноженному на ставку налога';
    expect(check(setField(xml, 'field_270_01_H', '11523', '11522'))).toContain(failed(H, '270.01', PAGE_01, rule));
    expect(check(setField(xml, 'field_270_01_H', '11523', '11524'))).toContain(failed(H, '270.01', PAGE_01, rule));
    // 2026 has a progressive scale: H is the engine's tax, not G × a rate
    const y2026 = setField(
      xml.replaceAll('<field name="period_year">2024</field>', '<field name="period_year">2026</field>'),
      'field_270_01_H',
      '11523',
      '11524',
    );
    expect(check(y2026).filter((m) => m.includes(rule))).toEqual([]);
  });

  it('refuses a negative K, a K above H, and a 270.02 that does not carry K', () => {
    const neg = setField(setField(xml, 'field_270_01_I', '750', '20000'), 'field_270_01_K', '10773', '-8477');
    expect(check(neg)).toContain(failed(K, '270.01', PAGE_01, 'Сумма не может быть отрицательной'));
    expect(check(setField(xml, 'field_270_01_K', '10773', '11524'))).toContain(
      failed(K, '270.01', PAGE_01, 'Сумма ИПН к уплате не может превышать исчисленную сумму ИПН (строка 270.01.H)'),
    );
    const b = setField(setField(xml, 'field_270_02_B', '10773', '10774'), 'field_270_02_tax_01', '10773', '10774');
    expect(check(b)).toEqual([
      failed('Сумма ИПН к уплате', '270.02', PAGE_02, 'Сумма не совпадает с суммой ИПН к уплате (строка 270.01.K)'),
    ]);
    expect(check(setField(xml, 'field_270_02_tax_01', '10773', '10770'))).toEqual([
      failed('Сумма налога', '270.02', PAGE_02, 'Сумма налога не совпадает с суммой ИПН к уплате (строка 270.02.B)'),
    ]);
  });

  it('refuses an appendix with content whose flag is not ticked, and a row without its number', () => {
    const title = 'ДЕКЛАРАЦИЯ ПО ИНДИВИДУАЛЬНОМУ ПОДОХОДНОМУ НАЛОГУ (форма 270.00)';
    expect(check(setField(xml, 'pril_2', 'true', 'false'))).toEqual([
      'Приложение 270.02 заполнено, но не отмечено на первой странице',
      failed('Приложение 270.02', '270.00', title, 'Не отмечено представленное приложение'),
    ]);
    expect(check(setField(xml, 'field_270_06_A', '1', ''))).toEqual([
      '«№», строка 1 (форма 270.06, «Приложение 270.06. Сведения о счетах в иностранных банках»): не пройдена проверка формы — Не указан порядковый номер строки',
    ]);
  });

  it('speaks the reader’s language around our own Kazakh message', () => {
    const b = setField(xml, 'field_270_02_tax_01', '10773', '10770');
    const [k] = check(b, undefined, 'kk');
    expect(k).toMatch(
      /^«[^»]+» \(270\.02 нысаны, «[^»]+»\): нысанның тексеруінен өтпеді — Салық сомасы төленуге тиіс ЖТС сомасымен \(270\.02\.B жолы\) сәйкес келмейді$/,
    );
    const [e] = check(b, undefined, 'en');
    expect(e).toMatch(/^“[^”]+” \(form 270\.02, “[^”]+”\): the form’s own check fails — /);
    for (const key of ['failed', 'failedRow'] as const) {
      for (const v of ['titled', 'untitled'] as const) {
        expect(en.script[key][v]).not.toMatch(/[\u0400-\u04FF]/);
        expect(kk.script[key][v]).not.toBe(ru.script[key][v]);
      }
    }
  });
});

/** A 270.00 with many rows: 40 deals over 7 copies of 270.04 and 25 bank accounts in 270.06. */
function many(): DeclarationDocument {
  const d = sample270();
  d.sections.second_section = Array.from({ length: 30 }, (_, i) => sale(i + 1));
  d.sections.purchase_transaction_section = Array.from({ length: 10 }, (_, i) => purchase(i + 1));
  d.sections.sixth_section_second_part = Array.from({ length: 25 }, (_, i) => ({
    id: 100 + i,
    bank_name: `Bank ${i + 1}`,
    amount_in_currency: '1000',
    currency_code: 'USD',
    country_code: 'USA',
  }));
  return d;
}

/** The XML with one field's value changed (the field must be printed with `from`). */
function edit(x: string, name: string, from: string, to: string): string {
  const a = `<field name="${name}">${from}</field>`;
  expect(x).toContain(a);
  return x.replace(a, to === '' ? `<field name="${name}"/>` : `<field name="${name}">${to}</field>`);
}
const checkCodes = (t: FormTemplate) => t.scripts.filter((s) => s.type === 'CHECK');
/** How many CHECK scripts give each message (the Russian text of the code in `res='…'`). */
const byMessage = (t: FormTemplate) => {
  const out: Record<string, number> = {};
  for (const s of checkCodes(t)) {
    const text = t.labels.get(/res='(\d+)'/.exec(s.code)?.[1] ?? '') ?? s.code;
    out[text] = (out[text] ?? 0) + 1;
  }
  return out;
};

describe('CHECK scripts of our 250.00', () => {
  const t = templateFor('250.00', 2024);
  const xml = renderXml(sample250());
  const PAGE_03 = 'Приложение 250.03. Счета и доли участия';
  const PAGE_04 = 'Приложение 250.04. Ценные бумаги, паи и доли';
  const NO_NUMBER = 'Не указан порядковый номер строки';
  const NEGATIVE = 'Сумма не может быть отрицательной';
  const NO_CURRENCY = 'Не указана валюта суммы';

  it('carries 119 rules in KGD syntax, every one understood: rows numbered, amounts not negative, with a currency', () => {
    expect(scriptCoverage(t)).toEqual({ calc: { total: 0, understood: 0 }, check: { total: 119, understood: 119 } });
    const code = (field: string) => checkCodes(t).filter((s) => s.field === field)[0]?.code;
    const p = '@page_250_01_01.field_250_01_1';
    expect(code('page_250_01_01.field_250_01_1_A_4')).toMatch(
      new RegExp(`^if \\(${p}_A_4=''\\)\\*\\(\\(${p}_B_4<>''\\)\\+\\(${p}_C_4<>''\\)>0\\) then res='\\d+';$`),
    );
    expect(code('page_250_01_01.field_250_01_1_B_4')).toMatch(
      new RegExp(`^if \\(${p}_B_4<>''\\)\\*\\(${p}_B_4<0\\) then res='\\d+';$`),
    );
    expect(code('page_250_01_01.field_250_01_1_C_4')).toMatch(
      new RegExp(`^if \\(${p}_C_4=''\\)\\*\\(${p}_B_4<>''\\) then res='\\d+';$`),
    );
    // one number rule per row of the 9 tables (51 rows); an amount and a currency rule per row of the 6 with money
    expect(byMessage(t)).toEqual({ [NO_NUMBER]: 51, [NEGATIVE]: 34, [NO_CURRENCY]: 34 });
  });

  it('passes every declaration the writer prints: the fixture, every section filled, many rows on repeated pages', () => {
    expect(check(xml)).toEqual([]);
    const big = renderXml(many250());
    expect(big.match(/<form name="form_250_01">/g)).toHaveLength(3);
    expect(big.match(/<form name="form_250_04">/g)).toHaveLength(3);
    expect(check(big)).toEqual([]);
    // the rules run on every copy of a page: a broken amount on the third copy of 250.01 (its 9th row) is refused
    expect(check(edit(big, 'field_250_01_1_B_1', '1009.00', '-1009.00'))).toEqual([
      failed('Сумма', '250.01', 'Приложение 250.01. Деньги', NEGATIVE),
    ]);
  });

  it('refuses a filled row without its number, in every table', () => {
    expect(check(edit(xml, 'field_250_03_1_A_1', '1', ''))).toEqual([failed('№', '250.03', PAGE_03, NO_NUMBER)]);
    expect(check(edit(xml, 'field_250_04_7_A_1', '1', ''))).toEqual([failed('№', '250.04', PAGE_04, NO_NUMBER)]);
    // a table without money: a vehicle's row is numbered too
    const car = renderXml(many250());
    expect(check(edit(car, 'field_250_02_2_A_1', '1', ''))).toEqual([
      failed('№', '250.02', 'Приложение 250.02. Недвижимое имущество и транспорт', NO_NUMBER),
    ]);
  });

  it('refuses a negative amount and an amount without its currency', () => {
    expect(check(edit(xml, 'field_250_03_1_C_1', '2500.00', '-2500.00'))).toEqual([
      failed('Сумма', '250.03', PAGE_03, NEGATIVE),
    ]);
    expect(check(edit(xml, 'field_250_04_7_E_1', '150.75', '-150.75'))).toEqual([
      failed('Цена приобретения', '250.04', PAGE_04, NEGATIVE),
    ]);
    expect(check(edit(xml, 'field_250_03_1_D_1', 'USD', ''))).toEqual([
      failed('Валюта', '250.03', PAGE_03, NO_CURRENCY),
    ]);
    expect(check(edit(xml, 'field_250_04_7_D_1', 'USD', ''))).toEqual([
      failed('Валюта', '250.04', PAGE_04, NO_CURRENCY),
    ]);
    // in Kazakh, with our Kazakh message
    const [k] = check(edit(xml, 'field_250_03_1_D_1', 'USD', ''), undefined, 'kk');
    expect(k).toMatch(
      /^«[^»]+» \(250\.03 нысаны, «[^»]+»\): нысанның тексеруінен өтпеді — Соманың валютасы көрсетілмеген$/,
    );
  });
});

describe('CHECK scripts of our 240.00', () => {
  const t = templateFor('240.00', 2024);
  const doc = () => {
    const d = sample240();
    d.sections.sixth_section_first_part = [
      { id: 3, name_security: 'Apple', isin_security: 'US0378331005', country_code: 'USA' },
    ];
    return d;
  };
  const xml = renderXml(doc());
  const PAGE_1 = 'ДЕКЛАРАЦИЯ ПО ИНДИВИДУАЛЬНОМУ ПОДОХОДНОМУ НАЛОГУ (форма 240.00)';
  const label = (line: string) => LINES_240_00.find((l) => l.line === line)?.label ?? line;

  it('carries 26 rules in KGD syntax, every one understood: 17 lines not negative, 9 rows of line 024 with a kind', () => {
    expect(scriptCoverage(t)).toEqual({ calc: { total: 0, understood: 0 }, check: { total: 26, understood: 26 } });
    expect(byMessage(t)).toEqual({ 'Сумма не может быть отрицательной': 17, 'Не указан вид имущества': 9 });
    const fields = checkCodes(t).map((s) => s.field);
    // line 016, the tax paid abroad, is the sum of the deals' foreign tax as stored: the engine does not floor it
    expect(LINES_240_00.find((l) => l.line === '016')?.source).toEqual({
      field: 'amount_of_personal_income_tax_from_outside_rk',
    });
    expect(fields.filter((f) => f.startsWith('page_240_00_01.'))).toEqual(
      LINES_240_00.filter((l) => l.line !== '016').map((l) => `page_240_00_01.field_240_00_${l.line}`),
    );
    const p = '@page_240_00_02.field_240_00_024_9';
    expect(checkCodes(t).find((s) => s.field === 'page_240_00_02.field_240_00_024_9_A')?.code).toMatch(
      new RegExp(
        `^if \\(${p}_A=''\\)\\*\\(\\(${p}_B<>''\\)\\+\\(${p}_C<>''\\)\\+\\(${p}_D<>''\\)>0\\) then res='\\d+';$`,
      ),
    );
  });

  it('passes every declaration the writer prints: the fixture, nine assets, a negative tax paid abroad', () => {
    expect(check(renderXml(sample240()))).toEqual([]);
    expect(check(xml)).toEqual([]);
    const many = doc();
    many.sections.sixth_section_first_part = Array.from({ length: 12 }, (_, i) => ({
      id: 10 + i,
      ...(i % 3 ? { security_type_name: 'Акции' } : {}),
      name_security: `Asset ${i + 1}`,
      ...(i % 2 ? { isin_security: `US${String(i).padStart(10, '0')}` } : {}),
      ...(i % 4 ? { country_code: 'USA' } : {}),
    }));
    const nine = renderXml(many);
    expect(nine).toContain('<field name="field_240_00_024_9_D">Asset 9</field>');
    expect(check(nine)).toEqual([]);
    // nothing payable; the foreign tax as stored may sum below zero (line 016 has no rule)
    const refund = doc();
    refund.fifthSection = {
      ...refund.fifthSection,
      amount_of_personal_income_tax_from_outside_rk: '-120.40',
      foreign_tax_credit: '0',
      amount_of_IPN_final: '0',
    };
    const r = renderXml(refund);
    expect(r).toContain('<field name="field_240_00_016">-120</field>');
    expect(check(r)).toEqual([]);
    // and the rules are evaluated: the same declaration with a negative line is refused
    expect(check(edit(r, 'field_240_00_015', '11523', '-11523'))).toHaveLength(1);
  });

  it('refuses a negative line, whatever its code means', () => {
    expect(check(edit(xml, 'field_240_00_018', '10773', '-10773'))).toEqual([
      failed(label('018'), '240.00', PAGE_1, 'Сумма не может быть отрицательной'),
    ]);
    expect(check(edit(xml, 'field_240_00_001', '115226', '-115226'))).toEqual([
      failed(label('001'), '240.00', PAGE_1, 'Сумма не может быть отрицательной'),
    ]);
  });

  it('refuses a filled row of line 024 without its asset’s kind', () => {
    expect(check(edit(xml, 'field_240_00_024_1_A', 'ценные бумаги', ''))).toEqual([
      failed('Вид имущества', '240.00', 'Форма 240.00, страница 2', 'Не указан вид имущества'),
    ]);
    const [k] = check(edit(xml, 'field_240_00_024_1_A', 'ценные бумаги', ''), undefined, 'kk');
    expect(k).toMatch(/ — Мүліктің түрі көрсетілмеген$/);
  });
});

/** A 250.00 with every section filled and many rows: 3 copies of 250.01, 250.03 and 250.04, 2 of the others. */
function many250(): DeclarationDocument {
  const d = sample250();
  const n = (count: number, row: (i: number) => Omit<DocumentDeal, 'id'>, from: number) =>
    Array.from({ length: count }, (_, k) => ({ id: from + k, ...row(k + 1) }) as DocumentDeal);
  d.sections = {
    form_250_first_section: n(9, (i) => ({ amount: `${1000 + i}`, currency_code: i % 2 ? 'USD' : 'KZT' }), 100),
    form_250_second_section: n(
      14,
      (i) => ({
        name: `Security ${i}`,
        isin_security: `US${String(i).padStart(10, '0')}`,
        country_code: 'USA',
        quantity: '2.5',
        currency_code: 'USD',
        purchase_price: `${150 + i}.75`,
      }),
      200,
    ),
    form_250_third_section: n(7, (i) => ({ name: `Item ${i}`, nominal_value: '500', currency_code: 'EUR' }), 300),
    form_250_fourth_section: n(
      7,
      (i) => ({ name: `Flat ${i}`, country_code: 'DEU', id_number: `K-${i}`, location: 'Berlin' }),
      400,
    ),
    form_250_fifth_section: n(
      6,
      (i) => ({
        kind_of_transport: 'Автомобиль',
        brand_model: 'BMW X5',
        country_code: 'DEU',
        id_number: `B ${i}`,
        vin_number: `WBA00000000000${String(i).padStart(3, '0')}`,
      }),
      500,
    ),
    form_250_sixth_section: n(
      13,
      (i) => ({ bank_name: `Bank ${i}`, amount: `${2500 + i}.5`, currency_code: 'USD', country_code: 'USA' }),
      600,
    ),
    form_250_seventh_section: n(
      7,
      (i) => ({ company_name: `Company ${i}`, shareholding_size: '12.5', id_number: `HRB ${i}`, country_code: 'DEU' }),
      700,
    ),
    form_250_eighth_section: n(
      7,
      (i) => ({
        name: `Thing ${i}`,
        quantity: '1',
        property_value: '9999.99',
        currency_code: 'GBP',
        country_code: 'GBR',
      }),
      800,
    ),
    form_250_ninth_section: n(
      7,
      (i) => ({
        name_creditor: `Creditor ${i}`,
        debt_type: i % 2 ? 'К' : 'Д',
        amount_owed: '100000',
        currency_code: 'KZT',
        country_code: 'KAZ',
        id_number: String(i),
        notary_iin: '900101300126',
        return_period: '31.12.2026',
      }),
      900,
    ),
  };
  return d;
}
