import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { generate } from '../scripts/form-templates.ts';
import { DocumentError } from '../src/errors.ts';
import { templateFor, useTemplateDir } from '../src/template/registry.ts';
import type { FnoDocument } from '../src/xml/model.ts';
import { parseFno } from '../src/xml/parse.ts';
import { renderXml } from '../src/xml/render.ts';
import { checkAgainstTemplate } from '../src/xml/template-check.ts';
import { validateXml } from '../src/xml/validate.ts';
import { sample240, sample250, sample270 } from './fixtures.ts';

const TEMPLATES = new URL('../templates/', import.meta.url);
const golden = (name: string) =>
  readFileSync(new URL(`golden/${name}`, import.meta.url), 'utf8')
    .split('\n')
    .filter((l) => l.trim() && !l.startsWith('#'));

/** The golden-file view of a document: envelope, form list, then every non-empty field. */
function lines(doc: FnoDocument): string[] {
  const out = [`fno code=${doc.code} formatVersion=${doc.formatVersion} version=${doc.version}`];
  out.push(`forms ${doc.forms.map((f) => f.name).join(' ')}`);
  const copies = new Map<string, number>();
  for (const f of doc.forms) {
    const n = (copies.get(f.name) ?? 0) + 1;
    copies.set(f.name, n);
    for (const s of f.sheets) {
      for (const [k, v] of s.fields) if (v !== '') out.push(`${f.name}#${n} ${s.name} ${k} = ${v}`);
      (s.rows ?? []).forEach((r, i) => {
        for (const [k, v] of r) if (v !== '') out.push(`${f.name}#${n} ${s.name} row${i + 1} ${k} = ${v}`);
      });
    }
  }
  return out;
}

const TODAY = new Date('2025-03-02T08:00:00Z');
const sample240WithAsset = () => {
  const d = sample240();
  d.sections.sixth_section_first_part = [
    { id: 3, name_security: 'Apple', isin_security: 'US0378331005', country_code: 'USA' },
  ];
  return d;
};

describe('our form descriptions (templates/*.xml)', () => {
  it('are what scripts/form-templates.ts writes (regenerate after changing it)', () => {
    for (const [name, text] of Object.entries(generate())) {
      expect(readFileSync(new URL(name, TEMPLATES), 'utf8'), name).toBe(text);
    }
  });

  it('name the source of every field', () => {
    for (const code of ['270.00', '250.00', '240.00'] as const) {
      const t = templateFor(code, 2024);
      const fields = t.forms.flatMap((f) => f.pages.flatMap((p) => [...p.fields, ...p.rows.flat()]));
      expect(fields.length).toBeGreaterThan(10);
      expect(fields.filter((f) => !f.source)).toEqual([]);
      expect(t.uncertain).toMatch(/не подтверждено/);
    }
  });
});

describe('golden XML written by hand from the form descriptions', () => {
  it.each([
    ['270.00.txt', sample270, 3],
    ['250.00.txt', sample250, 2],
    ['240.00.txt', sample240WithAsset, 1],
  ] as const)('%s', async (file, make, form) => {
    const xml = renderXml(make());
    expect(lines(parseFno(xml))).toEqual(golden(file));
    expect(await validateXml(xml, form, { today: TODAY })).toEqual({ valid: true, errors: [] });
  });
});

describe('template check before signing', () => {
  const xml = renderXml(sample270());
  const check = (x: string, today = TODAY) => checkAgainstTemplate(x, { today });

  it('passes a correct declaration', () => {
    expect(check(xml)).toEqual([]);
  });

  it('names a missing mandatory field by its printed label', () => {
    const x = xml.replace('<field name="head_name">Иванов Иван Иванович</field>', '<field name="head_name"/>');
    expect(check(x)).toEqual([
      'Не заполнено обязательное поле «Ф.И.О. налогоплательщика (полностью)» (форма 270.00, «ДЕКЛАРАЦИЯ ПО ИНДИВИДУАЛЬНОМУ ПОДОХОДНОМУ НАЛОГУ (форма 270.00)»)',
    ]);
  });

  it('refuses an IIN with a wrong control digit, too long a value and a bad type', () => {
    const x = xml
      // 900101300126 -> last digit changed: 12 digits, but the control digit no longer matches
      .replaceAll('<field name="iin">900101300126</field>', '<field name="iin">900101300127</field>')
      .replace('<field name="rating_auth_code">6004</field>', '<field name="rating_auth_code">60041</field>')
      .replace('<field name="field_270_01_K">10773</field>', '<field name="field_270_01_K">10 773</field>');
    const problems = check(x);
    expect(problems.filter((p) => p.startsWith('«ИИН»'))).toHaveLength(8); // every form's page 1
    expect(problems[0]).toMatch(/ИИН с неверной контрольной цифрой/);
    expect(problems).toContainEqual(expect.stringMatching(/«Код органа государственных доходов».*не больше 4 цифр/));
    expect(problems).toContainEqual(expect.stringMatching(/«Сумма ИПН, подлежащая уплате».*целое число/));
  });

  it('refuses two declaration kinds and an appendix flag that does not match', () => {
    const x = xml
      .replace('<field name="dt_main">false</field>', '<field name="dt_main">true</field>')
      .replace('<field name="pril_6">true</field>', '<field name="pril_6">false</field>')
      .replace('<field name="pril_7">false</field>', '<field name="pril_7">true</field>');
    expect(check(x)).toEqual([
      'Отметьте ровно один вид декларации (очередная, первоначальная, дополнительная или по уведомлению)',
      'Приложение 270.06 заполнено, но не отмечено на первой странице',
      'Приложение 270.07 отмечено на первой странице, но не заполнено',
    ]);
  });

  it('refuses a date after today (Kazakhstan time) and an impossible date', () => {
    // submit/accept dates are 01.03.2025; on 28.02.2025 they lie in the future
    const early = check(xml, new Date('2025-02-28T12:00:00Z'));
    expect(early).toHaveLength(2);
    expect(early[0]).toMatch(/«Дата подачи декларации».*позже сегодняшнего дня/);
    // 2025-02-28T19:30Z is already 01.03.2025 00:30 in Kazakhstan: no problem
    expect(check(xml, new Date('2025-02-28T19:30:00Z'))).toEqual([]);
    const x = xml.replace(
      '<field name="submit_date">01.03.2025</field>',
      '<field name="submit_date">31.02.2025</field>',
    );
    expect(check(x)).toContainEqual(expect.stringMatching(/ожидается дата дд\.мм\.гггг/));
  });

  it('refuses fields and appendices the template does not have', () => {
    const x = xml.replace('<field name="fio1">', '<field name="fio9">x</field><field name="fio1">');
    expect(check(x)).toContainEqual(expect.stringMatching(/^Поле fio9 отсутствует в шаблоне/));
  });

  it('makes validateXml (and so signing) fail with the Russian list', async () => {
    const x = xml.replace('<field name="head_name">Иванов Иван Иванович</field>', '<field name="head_name"/>');
    const r = await validateXml(x, 3, { today: TODAY });
    expect(r.valid).toBe(false);
    expect(r.errors[0]).toMatch(/^Не заполнено обязательное поле/);
  });
});

describe("an operator's template folder (FORM_TEMPLATES_DIR)", () => {
  afterEach(() => useTemplateDir(undefined));
  const copy = () => {
    const dir = mkdtempSync(join(tmpdir(), 'kgd-templates-'));
    cpSync(new URL('form_270_00_v2.xml', TEMPLATES), join(dir, 'form_270_00_v7_r3.xml'));
    cpSync(new URL('form_270_00_v2_loc.xml', TEMPLATES), join(dir, 'form_270_00_v7_r3_loc.xml'));
    return dir;
  };

  it('replaces ours with no code change: its version, its fields, its labels', () => {
    const dir = copy();
    const f = join(dir, 'form_270_00_v7_r3.xml');
    // the "KGD" copy: version 7, no dt_w field, fio1 renamed on the printed page
    const text = readFileSync(f, 'utf8')
      .replace('<fno version="2"', '<fno version="7" revisionNumber="3"')
      .replace(/<checkbox [^>]*fieldName="dt_w"[^>]*><validateDescriptors size="0"\/><\/checkbox>/, '');
    writeFileSync(f, text);
    writeFileSync(
      join(dir, 'form_270_00_v7_r3_loc.xml'),
      readFileSync(join(dir, 'form_270_00_v7_r3_loc.xml'), 'utf8').replace(
        'message="Фамилия"',
        'message="Тегі / Фамилия"',
      ),
    );
    expect(useTemplateDir(dir).map((t) => t.file)).toEqual(['form_270_00_v7_r3.xml']);
    const xml = renderXml(sample270());
    expect(xml).toContain('<fno code="270.00" formatVersion="1" version="7">');
    expect(xml).not.toContain('dt_w');
    const x = xml.replace('<field name="fio1">Иванов</field>', '<field name="fio1"/>');
    expect(checkAgainstTemplate(x, { today: TODAY })[0]).toMatch(/«Тегі \/ Фамилия»/);
    // 250.00 is not in the folder: ours is still used
    expect(renderXml(sample250())).toContain('<fno code="250.00" formatVersion="1" version="1">');
  });

  it('refuses a malformed package at start, naming the file, and keeps ours', () => {
    const dir = copy();
    writeFileSync(join(dir, 'form_270_00_v7_r3.xml'), '<fno code="270.00" version="7"><mainForm>');
    expect(() => useTemplateDir(dir)).toThrow(/«form_270_00_v7_r3\.xml» не принят: ошибка XML/);
    expect(renderXml(sample270())).toContain('version="2"');
  });

  it('refuses a package for another form, naming the file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kgd-templates-'));
    writeFileSync(
      join(dir, 'form_910_00_v27.xml'),
      '<fno code="910.00" version="27"><mainForm formName="form_910_00"><sheetGroup><sheet pageName="page_910_00_01"><fields><numericField fieldName="iin" fieldType="NUMERIC"/></fields></sheet></sheetGroup></mainForm></fno>',
    );
    let err: unknown;
    try {
      useTemplateDir(dir);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(DocumentError);
    expect((err as DocumentError).message).toBe(
      'Шаблон формы «form_910_00_v27.xml» не принят: это форма 910.00, а Декларант заполняет только 270.00, 250.00, 240.00',
    );
  });

  it('refuses a file whose name and content disagree', () => {
    const dir = copy();
    const f = join(dir, 'form_270_00_v7_r3.xml');
    cpSync(new URL('form_250_00_v1.xml', TEMPLATES), f);
    expect(() => useTemplateDir(dir)).toThrow(/имя файла говорит о форме 270\.00, а внутри форма 250\.00/);
  });
});
