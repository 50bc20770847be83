import { calculateDeclaration, TaxEngineError } from '@deklarant/tax';
import { describe, expect, it } from 'vitest';
import { generateDeals } from '../../../packages/tax/src/testing/generate.ts';
import { calculateOffThread } from '../src/modules/calculation/engine-pool.ts';
import { watchEventLoop } from './helpers.ts';

// The tax engine of a large declaration runs on a worker thread: the answer is the engine's own
// (compared field by field with a run on this thread), and this thread keeps answering meanwhile.
describe('the tax engine off the main thread', () => {
  it('gives the same figures as the engine on this thread for 20,000 sales, with the event loop free', {
    timeout: 120_000,
  }, async () => {
    const input = generateDeals(20_000);
    const t0 = performance.now();
    const here = calculateDeclaration(input);
    // on this thread the whole engine run is one tick of about this long
    const oneTick = performance.now() - t0;
    const loop = watchEventLoop(5);
    const started = performance.now();
    try {
      const there = await calculateOffThread(input);
      const took = performance.now() - started;
      expect(there.fifthSection).toEqual(here.fifthSection);
      expect(there.lines).toEqual(here.lines);
      expect(there.deals).toEqual(JSON.parse(JSON.stringify(here.deals)));
      expect(there.ignoredDeals).toEqual(here.ignoredDeals);
      console.info(
        `engine off-thread in ${Math.round(took)} ms; slowest event-loop tick ${Math.round(loop.slowest())} ms; on this thread one tick of ${Math.round(oneTick)} ms`,
      );
      expect(loop.slowest()).toBeLessThan(oneTick / 2);
    } finally {
      loop.stop();
    }
  });

  it("carries the engine's refusal back as a TaxEngineError with its code", async () => {
    const input = { ...generateDeals(3_000), year: 1999 };
    const err = await calculateOffThread(input).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TaxEngineError);
    expect((err as TaxEngineError).code).toBe('year');
  });
});
