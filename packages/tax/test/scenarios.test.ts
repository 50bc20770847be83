import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIFTH_SECTION_FIELDS } from '@deklarant/contracts';
import { describe, expect, it } from 'vitest';
import { calculateDeclaration, type DeclarationInput } from '../src/calculate.ts';

/** Worked scenarios (scenarios/*.json): inputs, figures computed by hand, a sentence per figure. */
interface Scenario {
  name: string;
  input: DeclarationInput;
  expected: Record<string, string>;
  explain: Record<string, string>;
  explainAll?: string;
  ignoredDeals?: (string | number)[];
  expectedRemainingLots?: Record<string, unknown>[];
}

const dir = join(import.meta.dirname, '..', 'scenarios');
const scenarios = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => [f, JSON.parse(readFileSync(join(dir, f), 'utf8')) as Scenario] as const);

describe('worked scenarios', () => {
  it('there are at least 15, each figure explained', () => {
    expect(scenarios.length).toBeGreaterThanOrEqual(15);
    for (const [, s] of scenarios) {
      expect(Object.keys(s.explain).sort()).toEqual(Object.keys(s.expected).sort());
      if (Object.keys(s.expected).length === 0) expect(s.explainAll).toBeTruthy();
    }
  });

  it.each(scenarios)('%s', (_file, s) => {
    const result = calculateDeclaration(s.input);
    // Every field not listed is expected to be zero.
    const expected = Object.fromEntries(FIFTH_SECTION_FIELDS.map((f) => [f, s.expected[f] ?? '0']));
    expect(result.fifthSection).toEqual(expected);
    expect(result.ignoredDeals).toEqual(s.ignoredDeals ?? []);
    if (s.expectedRemainingLots) expect(result.remainingLots).toMatchObject(s.expectedRemainingLots);
    // Every figure comes with its rule and article.
    for (const line of result.lines) {
      expect(line.rule.length).toBeGreaterThan(10);
      expect(line.article).toMatch(/НК-20(18|26)/);
    }
  });
});
