import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SECTIONS } from '@deklarant/contracts';
import type { Language } from '@deklarant/i18n';
import { translator } from '@deklarant/i18n/node';
import ExcelJS from 'exceljs';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LINES_240_00, LINES_270_01 } from '../src/lines.ts';
import { renderPdf } from '../src/pdf/render.ts';
import { parseKazakhLabels } from '../src/template/read.ts';
import { useTemplateDir } from '../src/template/registry.ts';
import { renderXlsx } from '../src/xlsx/render.ts';
import { sample270 } from './fixtures.ts';
import { extractPdfText } from './pdf-text.ts';

/**
 * The PDF registers and the workbook in Kazakh and English (issue 20): every text of the documents comes from
 * the catalogues (`registers`, and `fields` for the dictionary's column headers and section titles). What the
 * person typed (names, securities) prints as typed, and so does an explanation no catalogue has (the fixture's
 * stand-in below); these are listed in DATA and left out of the «no Russian words» checks. The engine's own
 * explanations (packages/tax, the `engine` catalogue) print in the document's language (see the last tests).
 */
const tr = translator();
const t = (lng: Language, key: string) => tr.t(lng, key);

/** Values of the fixture that are data, not the document's texts (sample270 in fixtures.ts). */
const DATA = [
  'Иванов Иван Иванович',
  'УГД по Бостандыкскому району',
  'Дивиденды иностранных эмитентов', // an explanation of the line no catalogue has (fixture)
  'ст. 319 НК РК', // a legal basis not in the engine's citation form (fixture) prints as given
];
const withoutData = (s: string) => DATA.reduce((acc, d) => acc.replaceAll(d, ''), s);
const CYRILLIC = /[\u0400-\u04FF]/;

async function workbook(lang: Language) {
  const buf = await renderXlsx(sample270(), { lang });
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength) as ArrayBuffer);
  return wb;
}

/** Every text cell of the workbook, sheet names included. */
function texts(wb: ExcelJS.Workbook): string[] {
  const out: string[] = [];
  for (const ws of wb.worksheets) {
    out.push(ws.name);
    ws.eachRow((row) => {
      row.eachCell((c) => {
        if (typeof c.value === 'string') out.push(c.value);
      });
    });
  }
  return out;
}

/** Cyrillic words of a text, data left out. */
const cyrillicWords = (s: string) =>
  withoutData(s)
    .split(/[^\p{L}]+/u)
    .filter((w) => CYRILLIC.test(w));

describe('the workbook in Kazakh and English', () => {
  const books = new Map<Language, ExcelJS.Workbook>();
  beforeAll(async () => {
    for (const lang of ['ru', 'kk', 'en'] as const) books.set(lang, await workbook(lang));
  });

  it('names its sheets in the language, in whole words within Excel’s 31 characters', () => {
    const names = (lang: Language) => books.get(lang)?.worksheets.map((w) => w.name) ?? [];
    // the section titles are the fields catalogue's; cut at the last whole word that fits 31 characters
    expect(names('kk')).toEqual([
      'Есептеу',
      'II Шетелде бағалы қағаздарды', // «II Шетелде бағалы қағаздарды өткізу» is 35
      'Сатып алу мәмілелері',
      'V Шетелдегі мүлік',
      'VI Шетелдік банктердегі', // «… шоттардағы ақша» does not fit
    ]);
    expect(names('en')).toEqual([
      'Calculation',
      'II Sale of securities abroad',
      'Acquisition deals',
      'V Property abroad',
      'VI Money in accounts in foreign', // «VI Money in accounts in foreign banks» is 37: 31 characters kept
    ]);
    for (const lang of ['kk', 'en'] as const) {
      const titles = SECTIONS.map((s) => t(lang, `fields:section.${s.key}.title`));
      for (const name of names(lang)) {
        expect(name.length, name).toBeLessThanOrEqual(31);
        // a section sheet's name is the start of «tile title», ending where a word ends
        const full = SECTIONS.map((s, i) => (/^[IVX.ABC0-9-]+$/.test(s.tile) ? `${s.tile} ` : '') + titles[i]).find(
          (f) => f.startsWith(name),
        );
        if (name !== names(lang)[0]) expect(full?.[name.length] ?? ' ', `${lang}: «${name}» of «${full}»`).toBe(' ');
      }
    }
  });

  it('heads the columns with the fields catalogue’s labels and its own words from the registers catalogue', () => {
    const sheet = (lang: Language) => {
      const ws = books.get(lang)?.worksheets[1];
      if (!ws) throw new Error(`no ${lang} section sheet`);
      return ws;
    };
    for (const lang of ['kk', 'en'] as const) {
      const ws = sheet(lang);
      const head = (ws.getRow(1).values as unknown[]).slice(1);
      expect(head[0]).toBe(t(lang, 'registers:register.number'));
      expect(head).toContain(t(lang, 'fields:field.transaction_date.label'));
      expect(head).toContain(t(lang, 'fields:field.quantity.label'));
      expect(head.at(-1)).toBe(t(lang, 'registers:register.status'));
      // the operation type prints in the language too (the fields catalogue's operation names)
      expect((ws.getRow(2).values as unknown[])[5]).toBe(lang === 'kk' ? 'Сату' : 'Sale');
    }
    expect((sheet('kk').getRow(1).values as unknown[])[6]).toBe('Саны');
    expect((sheet('en').getRow(1).values as unknown[])[6]).toBe('Quantity');
  });

  it('prints the calculation lines under their names in the language, with the same numbers', () => {
    const rows = (lang: Language) => {
      const out: unknown[][] = [];
      books
        .get(lang)
        ?.worksheets[0]?.eachRow((r) => out.push((r.values as unknown[]).slice(1).filter((v) => v !== undefined)));
      return out;
    };
    // 270.01.K = 11 522.55 calculated − 750 credited = 10 772.55 (fixtures.ts FIFTH)
    // the form's line K in whole tenge: H 11 522.55 -> 11 523, minus I 750 = 10 773
    expect(rows('kk')).toContainEqual(['270.01.K', 'Төленуге жататын ЖТС сомасы', 10773]);
    expect(rows('en')).toContainEqual(['270.01.K', 'Personal income tax payable', 10773]);
    expect(rows('kk')).toContainEqual(['ЖСН', '900101300126']);
    // the declaration kind from the reference catalogue (declaration_types)
    expect(rows('en')).toContainEqual(['Kind of declaration', 'Regular']);
    expect(rows('kk')).toContainEqual(['Декларация түрі', 'Кезекті']);
    expect(rows('en')).toContainEqual(['dividends (line 270.01.B.1.4)', DATA[2], 5000.5, DATA[3]]);
  });

  it('English has no Cyrillic word and Kazakh none of the Russian workbook’s own texts', () => {
    const en = texts(books.get('en') as ExcelJS.Workbook).flatMap(cyrillicWords);
    expect(en).toEqual([]);
    const kk = texts(books.get('kk') as ExcelJS.Workbook);
    const russian = new Set(texts(books.get('ru') as ExcelJS.Workbook).filter((s) => CYRILLIC.test(withoutData(s))));
    expect(kk.filter((s) => russian.has(s) && !DATA.includes(s))).toEqual([]);
  });

  it('Russian stays as it was', () => {
    expect(books.get('ru')?.worksheets.map((w) => w.name)).toEqual([
      'Расчет',
      'II Реализация ценных бумаг',
      'Сделки по приобретению',
      'V Имущество за рубежом',
      'VI Деньги на счетах',
    ]);
  });
});

describe('the PDF in Kazakh and English', () => {
  const pdfs = new Map<Language, Buffer>();
  beforeAll(async () => {
    for (const lang of ['kk', 'en'] as const) pdfs.set(lang, await renderPdf(sample270(), { lang }));
  });
  /** The register and explanation pages: those after the five form pages (270.00, .01, .02, .04, .06). */
  const registerPages = (lang: Language) => extractPdfText(pdfs.get(lang) as Buffer).slice(5);

  it('prints the registers with translated titles, headers, notes and footers', () => {
    const kk = registerPages('kk').join('\n');
    expect(kk).toContain('Декларацияға тізілім. II бөлім. Шетелде бағалы қағаздарды өткізу');
    expect(kk).toContain('Көрсетіледі: 270.01 A.1.2. Жазбалар саны: 1');
    expect(kk).toContain(`№ ${t('kk', 'fields:field.transaction_date.label')}`);
    expect(kk).toContain('Нысан 270.00 · ЖСН 900101300126 · Бет 6, барлығы 10');
    expect(kk).toContain('Есептеуге түсініктемелер');
    // Kazakh numbers as in Russian: spaces between thousands, decimal comma
    expect(kk).toContain('810 225,00');
    const en = registerPages('en').join('\n');
    expect(en).toContain('Register to the declaration. Section II. Sale of securities abroad');
    expect(en).toContain('Reported in: 270.01 A.1.2. Entries: 1');
    expect(en).toContain('Form 270.00 · IIN 900101300126 · Page 6 of 10');
    expect(en).toContain('dividends (line 270.01.B.1.4) 5,000.50');
    // English numbers: comma between thousands, decimal point (810 225.00 tenge)
    expect(en).toContain('810,225.00');
  });

  it('has no Russian word on the register pages (English: no Cyrillic at all)', () => {
    expect(registerPages('en').flatMap(cyrillicWords)).toEqual([]);
    const kk = registerPages('kk').join(' ');
    for (const ru of ['Реестр', 'Раздел', 'Сделок', 'Страница', 'Дата сделки', 'Количество', 'Пояснения', 'Форма'])
      expect(kk).not.toContain(ru);
  });

  it.skipIf(spawnSync('pdftotext', ['-v']).error !== undefined)('reads the same with poppler pdftotext', () => {
    for (const lang of ['kk', 'en'] as const) {
      const file = join(mkdtempSync(join(tmpdir(), 'deklarant-pdf-')), `${lang}.pdf`);
      writeFileSync(file, pdfs.get(lang) as Buffer);
      const out = spawnSync('pdftotext', ['-f', '7', file, '-'], { encoding: 'utf8' });
      expect(out.status).toBe(0);
      if (lang === 'kk') expect(out.stdout).toContain('Декларацияға тізілім');
      else {
        expect(out.stdout).toContain('Register to the declaration');
        expect(cyrillicWords(out.stdout)).toEqual([]);
      }
    }
  });

  it('prints the official form with its Russian labels in English (English is not a form language)', () => {
    const first = extractPdfText(pdfs.get('en') as Buffer)[0] ?? '';
    expect(first).toContain('ДЕКЛАРАЦИЯ ПО ИНДИВИДУАЛЬНОМУ ПОДОХОДНОМУ НАЛОГУ (форма 270.00)');
  });
});

describe('the official form’s Kazakh labels (the template’s <kaz> list)', () => {
  afterEach(() => useTemplateDir(undefined));
  const TEMPLATES = new URL('../templates/', import.meta.url);

  /** An operator's 270.00 package whose labels file has its own Kazakh list (ours replaced by a short one). */
  function bilingualPackage(): string {
    const dir = mkdtempSync(join(tmpdir(), 'kgd-templates-kk-'));
    cpSync(new URL('form_270_00_v2.xml', TEMPLATES), join(dir, 'form_270_00_v7_r3.xml'));
    const loc = readFileSync(new URL('form_270_00_v2_loc.xml', TEMPLATES), 'utf8').replace(/<kaz [\s\S]*<\/kaz>/, '');
    const code = /messageCode="(\d+)" message="ДЕКЛАРАЦИЯ ПО ИНДИВИДУАЛЬНОМУ/.exec(loc)?.[1];
    const fio = /messageCode="(\d+)" message="Ф\.И\.О\. налогоплательщика \(полностью\)"/.exec(loc)?.[1];
    // the title in Kazakh, the full-name label left blank (KGD leaves many blank): it prints in Russian
    const kaz =
      '<kaz size="2">' +
      `<entry key="${code}"><kazItem messageCode="${code}" message="ЖЕКЕ ТАБЫС САЛЫҒЫ БОЙЫНША ДЕКЛАРАЦИЯ (270.00-нысан)" type="LABEL"/></entry>` +
      `<entry key="${fio}"><kazItem messageCode="${fio}" message=" " type="LABEL"/></entry>` +
      '</kaz>';
    writeFileSync(
      join(dir, 'form_270_00_v7_r3_loc.xml'),
      loc.replace('</localizationItems>', `${kaz}</localizationItems>`),
    );
    return dir;
  }

  it('kk prints the Kazakh label where the template has one, else the Russian; ru and en the Russian', async () => {
    useTemplateDir(bilingualPackage());
    const kk = extractPdfText(await renderPdf(sample270(), { lang: 'kk' }))[0] ?? '';
    expect(kk).toContain('ЖЕКЕ ТАБЫС САЛЫҒЫ БОЙЫНША ДЕКЛАРАЦИЯ (270.00-нысан)');
    expect(kk).not.toContain('ДЕКЛАРАЦИЯ ПО ИНДИВИДУАЛЬНОМУ ПОДОХОДНОМУ НАЛОГУ');
    expect(kk).toContain('Ф.И.О. налогоплательщика (полностью)');
    for (const lang of ['ru', 'en'] as const) {
      const first = extractPdfText(await renderPdf(sample270(), { lang }))[0] ?? '';
      expect(first).toContain('ДЕКЛАРАЦИЯ ПО ИНДИВИДУАЛЬНОМУ ПОДОХОДНОМУ НАЛОГУ (форма 270.00)');
      expect(first).not.toContain('ЖЕКЕ ТАБЫС САЛЫҒЫ');
    }
  });

  it('reads a Kazakh list, leaving blank labels out; a file without one gives none', () => {
    const xml =
      '<localizationItems><rus size="2"><entry key="1"><rusItem messageCode="1" message="Графа AB" type="LABEL"/></entry>' +
      '<entry key="2"><rusItem messageCode="2" message="Итого" type="LABEL"/></entry></rus>' +
      '<kaz size="2"><entry key="1"><kazItem messageCode="1" message="AB бағаны" type="LABEL"/></entry>' +
      '<entry key="2"><kazItem messageCode="2" message="" type="LABEL"/></entry></kaz></localizationItems>';
    expect([...parseKazakhLabels(xml)]).toEqual([['1', 'AB бағаны']]);
    expect(parseKazakhLabels(xml.replace(/<kaz [\s\S]*<\/kaz>/, '')).size).toBe(0);
  });
});

describe('the registers catalogue', () => {
  it('names every form line in Kazakh and English (lines.ts takes the Russian names from it)', () => {
    const keys = [
      ...LINES_270_01.map((l) => `registers:line270.${l.line}`),
      ...LINES_240_00.map((l) => `registers:line240.${(l.source as { field: string }).field}`),
    ];
    for (const key of keys) {
      const ru = t('ru', key);
      expect(ru, key).not.toBe(key.slice('registers:'.length));
      for (const lang of ['kk', 'en'] as const) expect(t(lang, key), `${lang} ${key}`).not.toBe(ru);
    }
    expect(LINES_270_01.find((l) => l.line === 'K')?.label).toBe('Сумма ИПН, подлежащая уплате');
  });

  it('gives the renderers’ refusals as Russian message ids the server translates at the edge', async () => {
    const doc = sample270();
    doc.personal.spouses_iin = '123';
    const refusal = (p: Promise<unknown>) =>
      p.then(
        () => '',
        (e: Error) => e.message,
      );
    const message = await refusal(renderXlsx(doc));
    expect(message).toBe('ИИН супруга(и) должен состоять из 12 цифр');
    expect(tr.localize('kk', message)).toBe('Жұбайының ЖСН-і 12 цифрдан тұруы керек');
    expect(tr.localize('en', message)).toBe("The spouse's IIN must have 12 digits");
    doc.personal.spouses_iin = null;
    doc.kgdCode = '60';
    const office = await refusal(renderPdf(doc));
    expect(tr.localize('en', office)).toBe('Enter the tax office code (4 digits)');
  });
});

describe('the engine’s explanations of the calculation in the document’s language', () => {
  /** The fixture with two of the engine's explanations (packages/tax LINE_TEXT reads them from `engine`). */
  const ruRule = (key: string, params?: Record<string, unknown>) => tr.t('ru', `engine:line.${key}`, params);
  const withEngineLines = () => ({
    ...sample270(),
    lines: [
      { field: 'dividends' as const, amount: '5000.50', rule: ruRule('dividends'), article: 'НК-2018 ст. 320 п.1' },
      {
        field: 'from_sale_property_outside_rk' as const,
        amount: '470000',
        rule: ruRule('from_sale_property_outside_rk_netted', { net: '470000' }),
        article: 'НК-2018 ст. 332',
      },
    ],
  });
  const explained = (lng: Language) => [
    tr.t(lng, 'engine:line.dividends'),
    tr.t(lng, 'engine:line.from_sale_property_outside_rk_netted', { net: '470000' }),
  ];
  /** The explanation pages' text, one line: table cells wrap their text over several lines. */
  const explanationText = async (lang: Language) =>
    extractPdfText(await renderPdf(withEngineLines(), { lang }))
      .slice(6)
      .join(' ')
      .replace(/\s+/g, ' ');

  it('the PDF table of explanations is Kazakh in Kazakh, Russian in Russian', async () => {
    const kk = await explanationText('kk');
    for (const text of explained('kk')) expect(kk).toContain(text);
    expect(kk).not.toContain(explained('ru')[0]);
    expect(kk).toContain('470000 теңге');
    const ru = await explanationText('ru');
    for (const text of explained('ru')) expect(ru).toContain(text);
  });

  it('the workbook’s calculation sheet explains the lines in English', async () => {
    const buf = await renderXlsx(withEngineLines(), { lang: 'en' });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength) as ArrayBuffer);
    const cells = texts(wb);
    for (const text of explained('en')) expect(cells).toContain(text);
  });
});
