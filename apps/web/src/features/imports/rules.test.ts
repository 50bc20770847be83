import en from '@deklarant/i18n/locales/en/imports.json';
import kk from '@deklarant/i18n/locales/kk/imports.json';
import imports from '@deklarant/i18n/locales/ru/imports.json';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18next } from '../../shared/i18n/i18n.ts';
import { issueLine, rowKinds, rowKindText, rowLabel, sameAmount, statusText, totalLines } from './rules.ts';

beforeAll(() =>
  i18next.init({
    lng: 'ru',
    resources: { ru: { imports }, kk: { imports: kk }, en: { imports: en } },
    interpolation: { escapeValue: false },
  }),
);

describe('upload reconciliation helpers', () => {
  it('compares amounts exactly, whatever their trailing zeros', () => {
    expect(sameAmount('10.50', '10.5')).toBe(true);
    expect(sameAmount('-0.00', '0')).toBe(true);
    expect(sameAmount('14700', '14700.01')).toBe(false);
  });
  it('shows only the money lines that carry money, each with its verdict', () => {
    const zero = { file: '0', deals: '0' };
    expect(
      totalLines({
        proceeds: { file: '100', deals: '90' },
        costs: zero,
        income: { file: '5', deals: '5.0' },
        taxes: zero,
      }),
    ).toEqual([
      { kind: 'proceeds', file: '100', deals: '90', same: false },
      { kind: 'income', file: '5', deals: '5.0', same: true },
    ]);
  });
  it('orders the row kinds as the legend does', () => {
    expect(rowKinds({ skipped: 1, tax: 2, trade_buy: 3, other: 4 }).map(([k]) => k)).toEqual([
      'trade_buy',
      'tax',
      'skipped',
      'other',
    ]);
  });
});

describe('the upload screen names rows and kinds in the chosen language', () => {
  it("Russian by default: a numbered row, the file when several were sent, the report's own label as is", async () => {
    await i18next.changeLanguage('ru');
    expect(rowLabel({ file: 0, row: 14 }, 1)).toBe('Строка 14');
    expect(rowLabel({ file: 1, row: 14 }, 2)).toBe('Файл 2, Строка 14');
    expect(rowLabel({ file: 0, row: 'Trades/AAPL' }, 1)).toBe('Trades/AAPL');
    expect(rowKindText('tax')).toBe('Удержанные налоги');
    expect(statusText('failed')).toBe('Отчет не загружен');
  });
  it('Kazakh and English; a kind the legend does not know keeps its code', async () => {
    await i18next.changeLanguage('kk');
    expect(rowLabel({ file: 1, row: 14 }, 2)).toBe('2-файл, 14-жол');
    expect(rowKindText('dividend')).toBe('Дивидендтер');
    await i18next.changeLanguage('en');
    expect(rowLabel({ file: 1, row: 14 }, 2)).toBe('File 2, Row 14');
    expect(rowKindText('other')).toBe('other');
    await i18next.changeLanguage('ru');
  });
  it('a row error whose text starts with its row is shown with the row once; a skipped row gets its label', async () => {
    await i18next.changeLanguage('ru');
    const error = { file: 0, row: 6, message: 'Строка 6: не удалось прочитать дату «someday»' };
    expect(issueLine(error, 1)).toBe('Строка 6: не удалось прочитать дату «someday»');
    expect(issueLine({ ...error, file: 1 }, 2)).toBe('Файл 2, Строка 6: не удалось прочитать дату «someday»');
    expect(issueLine({ file: 0, row: 11, message: 'Конвертация валюты' }, 1)).toBe('Строка 11: Конвертация валюты');
    await i18next.changeLanguage('kk');
    expect(issueLine({ file: 0, row: 6, message: '6-жол: күн оқылмады' }, 1)).toBe('6-жол: күн оқылмады');
    await i18next.changeLanguage('ru');
  });
});
