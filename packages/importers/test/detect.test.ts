import { describe, expect, it } from 'vitest';
import { detectFormat } from '../src/index.ts';
import { sample } from './helpers.ts';

describe('detectFormat looks at content, not the file name', () => {
  const cases: [string, string][] = [
    ['ib-flex.xml', 'ib_flex_xml'],
    ['ib-activity.csv', 'ib_activity_csv'],
    ['freedom.json', 'freedom_json'],
    ['freedom.xml', 'freedom_xml'],
    ['halyk.xlsx', 'halyk_xlsx'],
    ['jusan-cp1251.csv', 'jusan_csv'],
    ['binance-trades.csv', 'binance_trades_csv'],
    ['binance-ledger.csv', 'binance_ledger_csv'],
    ['template.csv', 'template_csv'],
    ['template.xlsx', 'template_xlsx'],
  ];
  for (const [file, format] of cases) {
    it(`${file} → ${format} even when misnamed`, () => {
      expect(detectFormat(sample(file), 'report.pdf')?.format).toBe(format);
    });
  }

  it('unknown content gives null', () => {
    expect(detectFormat(new TextEncoder().encode('<html><body>hi</body></html>'))).toBeNull();
    expect(detectFormat(new TextEncoder().encode('{"a":1}'))).toBeNull();
  });
});
