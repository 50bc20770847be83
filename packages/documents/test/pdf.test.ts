import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DocumentError } from '../src/errors.ts';
import { renderPdf } from '../src/pdf/render.ts';
import { large, sample240, sample250, sample270 } from './fixtures.ts';
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

  it('has a title page with the header fields in Cyrillic', () => {
    const title = pages[0] ?? '';
    expect(title).toContain('Форма 270.00');
    expect(title).toContain('ДЕКЛАРАЦИЯ О ДОХОДАХ И ИМУЩЕСТВЕ ФИЗИЧЕСКОГО ЛИЦА');
    expect(title).toContain('ИИН 900101300126');
    expect(title).toContain('Иванов Иван Иванович');
    expect(title).toContain('[X] очередная');
    expect(title).toContain('6004 УГД по Бостандыкскому району');
  });

  it('prints the 270.01 line codes with whole-tenge amounts', () => {
    const text = pages[1] ?? '';
    expect(text).toContain('Приложение 270.01');
    expect(text).toContain('270.01.A Имущественный доход, всего 110 225');
    expect(text).toContain('270.01.A.1.2 в том числе за пределами Республики Казахстан 110 225');
    expect(text).toContain('270.01.B.1.4 дивиденды 5 001');
    expect(text).toContain('270.01.H Сумма исчисленного ИПН 11 523');
    expect(text).toContain('270.01.K Сумма ИПН, подлежащая уплате 10 773');
    expect(text).toContain('Пояснения к расчету');
  });

  it('prints section tables and page numbers', () => {
    const all = pages.join('\n');
    expect(all).toContain('Раздел II. Реализация ценных бумаг за рубежом');
    expect(all).toContain('1 02.03.2024 Security 1 US0000000001 Продажа 10 USD 810 225,00 700 000,00 110 225,00');
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
    expect(out.stdout).toMatch(/270\.01\.A\.1\.2\s+в том числе за пределами Республики Казахстан\s+110 225/);
    expect(out.stdout).toMatch(/270\.01\.K\s+Сумма ИПН, подлежащая уплате\s+10 773/);
    expect(out.stdout).toContain('Страница 1 из');
  });

  it('renders 250.00 and 240.00', async () => {
    const p250 = extractPdfText(await renderPdf(sample250())).join('\n');
    expect(p250).toContain('ДЕКЛАРАЦИЯ ОБ АКТИВАХ И ОБЯЗАТЕЛЬСТВАХ');
    expect(p250).toContain('По состоянию на 31.12.2024');
    expect(p250).toContain('150,75');
    const p240 = extractPdfText(await renderPdf(sample240())).join('\n');
    expect(p240).toContain('240.00.001 Общая сумма доходов 115 226');
  });

  it('numbers every page and repeats table headers across page breaks', async () => {
    const big = extractPdfText(await renderPdf(large(400)));
    expect(big.length).toBeGreaterThan(8);
    big.forEach((p, i) => {
      expect(p).toContain(`Страница ${i + 1} из ${big.length}`);
    });
    const tablePages = big.filter((p) => p.includes('Security 42') || p.includes('№ Дата сделки'));
    expect(tablePages.length).toBeGreaterThan(3);
    expect(big.join('\n')).toContain('Сделок: 100');
  });

  it('refuses to render without an IIN', async () => {
    const doc = sample270();
    doc.personal.iin = '';
    await expect(renderPdf(doc)).rejects.toBeInstanceOf(DocumentError);
  });
});
