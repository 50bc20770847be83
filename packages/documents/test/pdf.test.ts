import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DocumentError } from '../src/errors.ts';
import { renderPdf } from '../src/pdf/render.ts';
import { large, sale, sample240, sample250, sample270 } from './fixtures.ts';
import { extractPdfText, isValidPdf } from './pdf-text.ts';

const hasPdftotext = spawnSync('pdftotext', ['-v']).error === undefined;

describe('PDF', () => {
  let pdf: Buffer;
  let pages: string[];
  beforeAll(async () => {
    pdf = await renderPdf(sample270());
    pages = extractPdfText(pdf);
  });

  it('is a structurally valid PDF with embedded Roboto', () => {
    expect(isValidPdf(pdf)).toBe(true);
    expect(pdf.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+Roboto/);
  });

  // issue 17: the PDF is now the official form drawn from its template (was a summary with its own title
  // page and a computation table): labels and line codes as printed, values in the form's boxes, one
  // character per box where the template uses them.
  it('prints the 270.00 first page from its template, filled with the XML values', () => {
    const title = pages[0] ?? '';
    expect(title).toContain('ДЕКЛАРАЦИЯ ПО ИНДИВИДУАЛЬНОМУ ПОДОХОДНОМУ НАЛОГУ (форма 270.00)');
    expect(title).toContain('Ф.И.О. налогоплательщика (полностью)');
    // IIN, year and office code in boxes, one character each
    expect(title).toContain('9 0 0 1 0 1 3 0 0 1 2 6 Иванов Иван Иванович 2 0 2 4 X');
    expect(title).toContain('Иванов Иван Иванович 01.03.2025 6 0 0 4 01.03.2025');
  });

  it('prints 270.01 with its line codes and whole-tenge amounts in the boxes', () => {
    const text = pages[1] ?? '';
    expect(text).toContain('Приложение 270.01');
    expect(text).toContain('270.01.A Имущественный доход, всего');
    expect(text).toContain('270.01.A.1.2 в том числе за пределами Республики Казахстан');
    expect(text).toContain('270.01.K Сумма ИПН, подлежащая уплате');
    // A 110 225, A.1 110 225, A.1.1 0, A.1.2 110 225, B 5 001, B.1 5 001, B.1.4 5 001,
    // D 115 226, G 115 226, H 11 523, I 750, K 10 773 — in line order
    expect(text).toContain(
      '1 1 0 2 2 5 1 1 0 2 2 5 0 1 1 0 2 2 5 5 0 0 1 5 0 0 1 5 0 0 1 1 1 5 2 2 6 1 1 5 2 2 6 1 1 5 2 3 7 5 0 1 0 7 7 3',
    );
  });

  it('prints only the appendices with content, then the registers and the explanations', () => {
    const starts = pages.map((p) => p.replace(/^Форма 270\.00 · ИИН \d+ · Страница \d+ из \d+ /, '').slice(0, 26));
    expect(starts).toEqual([
      'ДЕКЛАРАЦИЯ ПО ИНДИВИДУАЛЬН',
      'Приложение 270.01. Исчисле',
      'Приложение 270.02. Сведени',
      'Приложение 270.04. Сведени',
      'Приложение 270.06. Сведени',
      'Реестр к декларации. Разде',
      'Реестр к декларации. Сделк',
      'Реестр к декларации. Разде',
      'Реестр к декларации. Разде',
      'Пояснения к расчету Как по',
    ]);
    const all = pages.join('\n');
    expect(all).toContain('Пояснения к расчету');
    // the engine explains 'dividends': printed under the line's name, not the internal field name
    expect(all).toContain('дивиденды (стр. 270.01.B.1.4) 5 000,50 Дивиденды иностранных эмитентов');
    expect(all).not.toMatch(/dividends|value_income_amount|from_sale_property_outside_rk/);
  });

  it('prints section tables and page numbers', () => {
    const all = pages.join('\n');
    expect(all).toContain('Реестр к декларации. Раздел II. Реализация ценных бумаг за рубежом');
    // every filled column: the section's own (the proceeds in the deal's currency next to the tenge ones),
    // then the other filled ones (country)
    expect(all).toContain(
      '1 02.03.2024 Security 1 US0000000001 Продажа 10 USD 1 800,50 810 225,00 700 000,00 110 225,00 USA',
    );
    expect(all).toContain('810 225,00');
    expect(all).toContain('Apple <&> "Inc"');
    pages.forEach((p, i) => {
      expect(p).toContain(`Страница ${i + 1} из ${pages.length}`);
    });
  });

  it.skipIf(!hasPdftotext)('agrees with poppler pdftotext', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'deklarant-pdf-')), 'd.pdf');
    writeFileSync(file, pdf);
    const out = spawnSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(out.status).toBe(0);
    expect(out.stdout).toMatch(
      /270\.01\.A\.1\.2\s+в том числе за пределами Республики Казахстан\s+1\s*1\s*0\s*2\s*2\s*5/,
    );
    expect(out.stdout).toMatch(/270\.01\.K\s+Сумма ИПН, подлежащая уплате\s+1\s*0\s*7\s*7\s*3/);
    expect(out.stdout).toContain('Страница 1 из');
  });

  it('renders 250.00 and 240.00', { timeout: 30_000 }, async () => {
    const p250 = extractPdfText(await renderPdf(sample250())).join('\n');
    expect(p250).toContain('ДЕКЛАРАЦИЯ ОБ АКТИВАХ И ОБЯЗАТЕЛЬСТВАХ (форма 250.00)');
    expect(p250).toContain('Активы по состоянию на');
    expect(p250).toContain('31.12.2024');
    // 250.04 section 7 row: 1, 3 shares, US, USD, 150.75; the register repeats it as 150,75
    expect(p250).toContain('1 3 US USD 150.75');
    expect(p250).toContain('150,75');
    const p240 = extractPdfText(await renderPdf(sample240())).join('\n');
    expect(p240).toContain('240.00.001 Общая сумма доходов');
    expect(p240).toContain('1 1 5 2 2 6 1 1 0 2 2 5 0 1 1 0 2 2 5 5 0 0 1');
  });

  it('registers print quantities and shares with comma decimals, as the amounts beside them', async () => {
    const doc = sample250();
    doc.sections.form_250_second_section = [
      { id: 1, name: 'Bitcoin', isin_security: 'BTC', country_code: 'USA', quantity: '0.5', currency_code: 'USD' },
    ];
    doc.sections.form_250_seventh_section = [
      { id: 3, company_name: 'Alpha Holdings LLC', shareholding_size: '12.5', id_number: 'DE-1', country_code: 'DEU' },
    ];
    doc.sections.form_250_sixth_section = [
      { id: 2, bank_name: 'Chase', amount: '2500', currency_code: 'USD', bank_id: 'CHASUS33', country_code: 'USA' },
    ];
    const text = extractPdfText(await renderPdf(doc)).join('\n');
    // half a bitcoin and a share of 12.5 %: «0,5» and «12,5» (they printed «0.5» and «12.5»)
    expect(text).toMatch(/Bitcoin BTC USA 0,5 USD/);
    expect(text).toMatch(/Alpha Holdings LLC 12,5 DE-1/);
    // a foreign bank's identifier is the column of section 6 (an always empty «Регистрационный номер» was)
    expect(text).toMatch(/№ Банк Сумма Валюта Код банка Страна 1 Chase 2 500,00 USD CHASUS33 USA/);
    // a register of rows that are not deals counts its entries
    expect(text).toContain('Отражается: 250.00 раздел 7. Записей: 1');
  });

  it('a 240.00 names its own lines in the registers and the explanations, never 270.01 ones', async () => {
    const doc = sample240();
    doc.sections.second_section = [sale(1)];
    doc.sections.sixth_section_second_part = [
      { id: 9, bank_name: 'Chase', amount_in_currency: '1000', currency_code: 'USD', country_code: 'USA' },
    ];
    doc.lines = [
      { field: 'from_sale_property_outside_rk', amount: '110225', rule: 'Прирост стоимости', article: 'ст. 331' },
    ];
    const text = extractPdfText(await renderPdf(doc)).join('\n');
    // our 240.00 numbering (lines.ts): 003 gains in Kazakhstan, 004 abroad, 007 dividends, 008 rewards
    expect(text).toContain('Раздел II. Реализация ценных бумаг за рубежом Отражается: 240.00.004. Записей: 1');
    expect(text).toContain('Отражается: 240.00.003, 240.00.007, 240.00.008. Записей: 1');
    // money abroad has no line of 240.00: the register only counts its rows
    expect(text).toContain('Раздел VI. Деньги на счетах в иностранных банках Записей: 1');
    expect(text).toContain('в том числе от реализации имущества за пределами РК (стр. 240.00.004)');
    // the form's line 003 is a part of 002, as its neighbour 004 is (it read «Доход от прироста стоимости»)
    expect(text).toContain('240.00.003 в том числе от реализации имущества в РК');
    expect(text).not.toMatch(/270\.01/);
  });

  it('numbers every page and repeats table headers across page breaks', { timeout: 60_000 }, async () => {
    const big = extractPdfText(await renderPdf(large(400)));
    expect(big.length).toBeGreaterThan(8);
    big.forEach((p, i) => {
      expect(p).toContain(`Страница ${i + 1} из ${big.length}`);
    });
    const tablePages = big.filter((p) => p.includes('№ Дата сделки'));
    expect(tablePages.length).toBeGreaterThan(3);
    expect(big.join('\n')).toContain('Записей: 100');
  });

  it('refuses to render without an IIN', async () => {
    const doc = sample270();
    doc.personal.iin = '';
    await expect(renderPdf(doc)).rejects.toBeInstanceOf(DocumentError);
  });
});
