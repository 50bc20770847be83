import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { KK_ADAPTED_910, KK_FROM_910, KK_LABELS, KK_OURS } from '../scripts/form-labels-kk.ts';
import { renderPdf } from '../src/pdf/render.ts';
import { parseKazakhLabels, parseLabels } from '../src/template/read.ts';
import { sample240, sample250, sample270 } from './fixtures.ts';
import { extractPdfText } from './pdf-text.ts';

/**
 * Our own 270.00, 250.00 and 240.00 descriptions carry a Kazakh label for every Russian one (issues 17 and 20),
 * as KGD's templates do: a Kazakh official form prints Kazakh labels.
 */
const TEMPLATES = new URL('../templates/', import.meta.url);
const FILES = ['form_270_00_v2_loc.xml', 'form_250_00_v1_loc.xml', 'form_240_00_v1_loc.xml'];
const read = (file: string) => readFileSync(new URL(file, TEMPLATES), 'utf8');

/**
 * The only labels whose Kazakh text is the Russian one: column letters and № (KGD's 910.00 prints them
 * unchanged in its Kazakh list), VIN, and line codes (240.00.001, 270.01.B.1.4, 240.00.024. ... is not one).
 */
const SAME_IN_KAZAKH = new Set(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'L', 'M', '№', 'VIN']);
const LINE_CODE = /^\d{3}\.\d{2}\.(\d{3}|[A-Z](\.\d+)*)$/;

describe('the Kazakh labels of our form descriptions (*_loc.xml <kaz>)', () => {
  it.each(FILES)('%s: a Kazakh entry for every Russian one, same codes, KGD structure', (file) => {
    const xml = read(file);
    const rus = parseLabels(xml, file);
    const kaz = parseKazakhLabels(xml);
    expect(rus.size).toBeGreaterThan(50);
    expect([...kaz.keys()]).toEqual([...rus.keys()]);
    // as in KGD's 910.00: <kaz size="N"><entry key="K"><kazItem messageCode="K" message="…" type="LABEL"/></entry>,
    // a check's message typed ERROR in both lists
    const typesOf = (lang: 'rus' | 'kaz') => {
      const part = xml.slice(xml.indexOf(`<${lang} `), xml.indexOf(`</${lang}>`));
      expect(part.startsWith(`<${lang} size="${rus.size}">`)).toBe(true);
      const re = new RegExp(
        `<entry key="(\\d+)"><${lang}Item messageCode="(\\d+)" message="[^"]*" type="(LABEL|ERROR)"/></entry>`,
        'g',
      );
      const entries = [...part.matchAll(re)];
      expect(entries).toHaveLength(rus.size);
      for (const [, key, code] of entries) expect(key).toBe(code);
      return entries.map((e) => `${e[1]}:${e[3]}`);
    };
    expect(typesOf('kaz')).toEqual(typesOf('rus'));
  });

  it.each(FILES)('%s: the Kazakh label differs from the Russian except the listed exceptions', (file) => {
    const xml = read(file);
    const rus = parseLabels(xml, file);
    const kaz = parseKazakhLabels(xml);
    const russianTexts = new Set(rus.values());
    for (const [code, ru] of rus) {
      const kk = kaz.get(code) ?? '';
      if (SAME_IN_KAZAKH.has(ru) || LINE_CODE.test(ru)) expect(kk, code).toBe(ru);
      else {
        expect(kk, `${code} ${ru}`).not.toBe(ru);
        // no Russian label of the form is reused as a Kazakh one
        expect(russianTexts.has(kk), `${code} ${kk}`).toBe(false);
      }
    }
  });

  it('keeps the tax authority’s terms (ЖСН, ЖТС, нысан, қосымша, бөлім) and no Russian-only letters', () => {
    const all = FILES.flatMap((f) => [...parseKazakhLabels(read(f)).values()]);
    expect(all).toContain('ЖСН');
    expect(all).toContain('Есептелген ЖТС сомасы');
    expect(all).toContain('270.01-нысан');
    expect(all).toContain('270.01-қосымша. Жеке табыс салығын есептеу');
    expect(all).toContain('1-бөлім. Қолма-қол ақша');
    expect(all).toContain('Әкесінің аты (бар болса)');
    // ё, ъ, щ: Russian letters no Kazakh word of these labels uses; ИИН, ИПН, МРП: the Russian abbreviations
    for (const kk of all) {
      expect(kk, kk).not.toMatch(/[ёъщЁЪЩ]|Форма|Раздел|Приложение/);
      expect(kk, kk).not.toMatch(/(^|[^\p{L}])(ИИН|ИПН|МРП|БИН)([^\p{L}]|$)/u);
    }
  });

  it('lists each Russian label once, in one provenance group', () => {
    const groups = [KK_FROM_910, KK_ADAPTED_910, KK_OURS].map((g) => Object.keys(g));
    const keys = groups.flat();
    expect(new Set(keys).size).toBe(keys.length);
    expect(Object.keys(KK_LABELS)).toHaveLength(keys.length);
    // every translated label is used by one of the forms
    const used = new Set(FILES.flatMap((f) => [...parseLabels(read(f), f).values()]));
    for (const ru of keys) expect(used.has(ru), ru).toBe(true);
  });
});

describe('the Kazakh official form prints Kazakh labels (our templates)', () => {
  /** The official form's pages: those before the first register page. */
  const formPages = async (doc: Parameters<typeof renderPdf>[0], lang: 'kk' | 'ru') => {
    const pages = extractPdfText(await renderPdf(doc, { lang }));
    const registers = pages.findIndex((p) => /Декларацияға тізілім|Реестр к декларации/.test(p));
    return registers < 0 ? pages : pages.slice(0, registers);
  };

  it('270.00 in Kazakh: the Kazakh title, ЖСН, appendices; not the Russian labels', async () => {
    const pages = await formPages(sample270(), 'kk');
    const first = pages[0] ?? '';
    expect(first).toContain('ЖЕКЕ ТАБЫС САЛЫҒЫ БОЙЫНША ДЕКЛАРАЦИЯ (270.00-нысан)');
    expect(first).toContain('Жұбайының ЖСН');
    expect(first).toContain('Декларацияның түрі');
    expect(first).toContain('Салық төлеушінің жауапкершілігі');
    const text = pages.join('\n');
    expect(text).toContain('270.01-қосымша. Жеке табыс салығын есептеу');
    expect(text).toContain('Төлеуге жататын ЖТС сомасы');
    for (const ru of [
      'ДЕКЛАРАЦИЯ ПО ИНДИВИДУАЛЬНОМУ ПОДОХОДНОМУ НАЛОГУ',
      'ИИН',
      'Фамилия',
      'Налоговый период',
      'Ответственность налогоплательщика',
      'Приложение 270.01',
      'Форма 270.01',
      'Сумма исчисленного ИПН',
    ])
      expect(text).not.toContain(ru);
  });

  it('270.04 in Kazakh prints the operation types in Kazakh (the XML keeps the Russian values)', async () => {
    const page = (await formPages(sample270(), 'kk')).find((p) => p.startsWith('270.04-қосымша.')) ?? '';
    // the fixture's foreign deals are a purchase and a sale: Сатып алу and Сату in the reference catalogue
    expect(page).toContain('Сатып алу');
    expect(page).toContain('Сату');
    expect(page).not.toContain('Покупка');
    expect(page).not.toContain('Продажа');
    const ru = (await formPages(sample270(), 'ru')).find((p) => p.startsWith('Приложение 270.04.')) ?? '';
    expect(ru).toContain('Покупка');
    expect(ru).toContain('Продажа');
  });

  it('270.00 in Russian keeps the Russian labels', async () => {
    const text = (await formPages(sample270(), 'ru')).join('\n');
    expect(text).toContain('ДЕКЛАРАЦИЯ ПО ИНДИВИДУАЛЬНОМУ ПОДОХОДНОМУ НАЛОГУ (форма 270.00)');
    expect(text).toContain('Приложение 270.01. Исчисление индивидуального подоходного налога');
    expect(text).not.toContain('270.00-нысан');
    expect(text).not.toContain('ЖСН');
  });

  it('250.00 and 240.00 in Kazakh print their Kazakh titles', async () => {
    const f250 = (await formPages(sample250(), 'kk'))[0] ?? '';
    expect(f250).toContain('АКТИВТЕР МЕН МІНДЕТТЕМЕЛЕР ТУРАЛЫ ДЕКЛАРАЦИЯ (250.00-нысан)');
    expect(f250).not.toContain('ДЕКЛАРАЦИЯ ОБ АКТИВАХ');
    const f240 = (await formPages(sample240(), 'kk'))[0] ?? '';
    expect(f240).toContain('ЖЕКЕ ТАБЫС САЛЫҒЫ БОЙЫНША ДЕКЛАРАЦИЯ (240.00-нысан)');
    expect(f240).toContain('Табыстардың жалпы сомасы');
    expect(f240).not.toContain('Общая сумма доходов');
  });
});
