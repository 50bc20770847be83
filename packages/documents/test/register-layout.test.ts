import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ColumnSurvey, fitColumns } from '../src/pdf/column-widths.ts';
import { renderPdf } from '../src/pdf/render.ts';
import type { DocumentDeal } from '../src/types.ts';
import { sample270 } from './fixtures.ts';

const hasPdftotext = spawnSync('pdftotext', ['-v']).error === undefined;

/** 4 points per character: widths are easy to reason about. */
const measure = (s: string) => s.length * 4;
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe('register column widths (issue 17: no figure printed across two lines)', () => {
  it('an amount keeps its whole width; free space goes to the text that would wrap', () => {
    const survey = new ColumnSurvey(measure, [false, true, false], ['№', 'Сумма', 'Комментарий']);
    survey.add(['1', '3 048 664,00', 'a long explanation of the corporate action and its treatment']);
    const { widths, scale } = fitColumns(survey.needs, 400, 4);
    expect(scale).toBe(1);
    expect(sum(widths)).toBeCloseTo(400, 6);
    // '3 048 664,00' is 12 characters = 48 points, plus the padding
    expect(widths[1]).toBeGreaterThanOrEqual(52);
    // the comment (61 characters = 244 points) gets most of what is left
    expect(widths[2]!).toBeGreaterThan(widths[1]!);
  });

  it('header words are kept whole when the page allows, by printing the table smaller', () => {
    // 10 columns, each header word 'Стоимость' (9 characters = 36 points) and an amount of 8 characters (32)
    const head = Array.from({ length: 10 }, () => 'Стоимость реализации');
    const survey = new ColumnSurvey(
      measure,
      head.map(() => true),
      head,
    );
    survey.add(head.map(() => '1 000,00'));
    // 'реализации' is 10 characters = 40 points: 10 × (40 + 4) = 440 needed, 400 available
    const { widths, scale } = fitColumns(survey.needs, 400, 4);
    expect(scale).toBeCloseTo(360 / 400, 6);
    expect(sum(widths)).toBeCloseTo(400, 6);
    for (const w of widths) expect(w).toBeGreaterThanOrEqual(40 * scale + 4 - 1e-9);
  });

  it('a table too wide even for its amounts shrinks to 5/7 of the size, not below', () => {
    const head = Array.from({ length: 30 }, () => 'X');
    const survey = new ColumnSurvey(
      measure,
      head.map(() => true),
      head,
    );
    survey.add(head.map(() => '1 000 000 000,00'));
    const { widths, scale } = fitColumns(survey.needs, 400, 4);
    expect(scale).toBeCloseTo(5 / 7, 6);
    expect(sum(widths)).toBeCloseTo(400, 6);
  });
});

describe.skipIf(!hasPdftotext)('a wide register printed (pdftotext -layout)', () => {
  // The section II register of a real import: 19 columns, amounts of millions of tenge, a long comment.
  const sale = (i: number): DocumentDeal => ({
    id: i,
    transaction_date: '15.08.2024',
    name_security: 'NVIDIA CORP',
    isin_security: 'US67066G1040',
    operation_name: 'Продажа',
    quantity: '50',
    currency_code: 'USD',
    sale_closing_cost: '6200.00',
    sales_cost_in_tenge_currency: `304866${i}.00`,
    purchase_opening_cost: '2400.00',
    cost_in_tenge_currency: `117676${i}.00`,
    value_added_income: `187189${i}.00`,
    security_type_name: 'Акции',
    market_name: 'Иностранная биржа',
    country_code: 'USA',
    foreign_tax_credit: '0',
    foreign_tax_in_tenge: '0',
    foreign_broker: true,
    broker_name: 'Interactive Brokers',
    comment:
      'Корпоративное действие: слияние с выплатой денег. Выбытие бумаг за деньги: доход = выплата − стоимость приобретения по FIFO. Правило 2024 года: Слияние с выплатой денег: реализация бумаг.',
  });

  it('every amount, ISIN and date of the sales register stays whole on its row’s line', async () => {
    const doc = sample270();
    doc.sections.second_section = Array.from({ length: 5 }, (_, i) => sale(i + 1));
    const file = join(mkdtempSync(join(tmpdir(), 'deklarant-reg-')), 'r.pdf');
    writeFileSync(file, await renderPdf(doc));
    const out = spawnSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).stdout;
    const register = out.slice(out.indexOf('Реестр к декларации. Раздел II.'));
    for (let i = 1; i <= 5; i++) {
      // the row's first line carries each of its amounts whole
      const row = register.split('\n').find((l) => l.includes(`3 048 66${i},00`));
      expect(row, `row ${i}`).toBeDefined();
      expect(row).toContain(`1 176 76${i},00`);
      expect(row).toContain(`1 871 89${i},00`);
      expect(row).toContain('6 200,00');
      expect(row).toContain('2 400,00');
      expect(row).toContain('US67066G1040');
      expect(row).toContain('15.08.2024');
    }
    // who and where is the same in every row: said once under the title, not repeated as five columns
    const common = register.split('\n').find((l) => l.startsWith('Во всех строках:'));
    expect(common).toBe(
      'Во всех строках: Вид ценной бумаги — Акции; Торговая площадка — Иностранная биржа; Страна — USA; Иностранный брокер — Да; Название брокера — Interactive Brokers',
    );
    // the column heads (between that line and the first row) no longer name them
    const heads = register.slice(register.indexOf(common!) + common!.length, register.indexOf('15.08.2024'));
    expect(heads).toContain('Стоимость');
    expect(heads).not.toMatch(/Название|Страна|Торговая/);
  });

  it('a column that differs between rows stays a column', async () => {
    const doc = sample270();
    doc.sections.second_section = [sale(1), { ...sale(2), broker_name: 'Exante', market_name: 'NASDAQ' }];
    const file = join(mkdtempSync(join(tmpdir(), 'deklarant-reg-')), 'r.pdf');
    writeFileSync(file, await renderPdf(doc));
    const out = spawnSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).stdout;
    const register = out.slice(out.indexOf('Реестр к декларации. Раздел II.'));
    expect(register).toContain('Во всех строках: Вид ценной бумаги — Акции; Страна — USA; Иностранный брокер — Да');
    expect(register.split('\n').find((l) => l.includes('3 048 662,00'))).toMatch(/NASDAQ.*Exante/);
  });
});
