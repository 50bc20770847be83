import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { importerFieldsOf } from '@deklarant/contracts';
import { parseReport } from '@deklarant/importers';
import { afterAll, describe, expect, it } from 'vitest';
import { type ImportRefs, mapDeals } from '../src/modules/imports/mapping.ts';

// Issue 19: the importers' output is derived from the section dictionary. Every sample report of every
// broker, mapped into every form, stores only fields the target section declares.
const samplesDir = join(import.meta.dirname, '../../../packages/importers/samples');
const refs: ImportRefs = {
  currencies: new Set(['USD', 'EUR', 'KZT', 'RUB', 'GBP', 'USDT', 'BTC', 'ETH']),
  countryId: new Map([
    ['USA', 840],
    ['KAZ', 398],
    ['DEU', 276],
    ['GBR', 826],
    ['IRL', 372],
    ['NLD', 528],
  ]),
} as unknown as ImportRefs;

describe('imported deals carry only the section dictionary fields', () => {
  const samples = readdirSync(samplesDir).filter((f) => /\.(xml|csv|json|xlsx)$/i.test(f));
  it('there are samples to check', () => expect(samples.length).toBeGreaterThan(5));
  let mappedDeals = 0;
  afterAll(() => expect(mappedDeals).toBeGreaterThan(50));
  for (const file of samples) {
    it(file, async () => {
      let parsed: Awaited<ReturnType<typeof parseReport>>;
      try {
        parsed = await parseReport(readFileSync(join(samplesDir, file)), { filename: file });
      } catch {
        return; // a sample of a refused layout (tested in packages/importers)
      }
      // each sample's own tax year (its deals of other years are skipped by the mapping)
      for (const [year, form] of [2023, 2024, 2025].flatMap((y) => [1, 3].map((f) => [y, f] as const))) {
        const { mapped } = mapDeals(parsed.deals, { year, form, refs, file: 1 });
        mappedDeals += mapped.length;
        for (const d of mapped) {
          const known = Object.keys(importerFieldsOf(d.section.code));
          const unknown = Object.keys(d.fields).filter((k) => !known.includes(k));
          expect(unknown, `${file} → ${d.section.key}`).toEqual([]);
        }
      }
    });
  }
});
