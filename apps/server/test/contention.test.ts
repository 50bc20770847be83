import { describe, expect, it } from 'vitest';
import { contentionMemory } from '../src/modules/deals/contention.ts';

// Saves plan FIFO from an unheld read; where they keep colliding in one declaration they should hold
// it instead (no work thrown away), but one chance overlap must not slow that declaration down.
describe('collided saves', () => {
  const clock = (t = 0) => ({ now: () => t, at: (ms: number) => (t = ms) });

  it('one collision alone does not hold the declaration', () => {
    const c = clock();
    const m = contentionMemory(1_000, c.now);
    m.saw(7);
    expect(m.busy(7)).toBe(false);
  });

  it('a second collision within the hold makes saves hold it, until it is quiet for the hold', () => {
    const c = clock();
    const m = contentionMemory(1_000, c.now);
    m.saw(7);
    c.at(900);
    m.saw(7);
    expect(m.busy(7)).toBe(true);
    expect(m.busy(8)).toBe(false);
    c.at(1_899);
    expect(m.busy(7)).toBe(true);
    c.at(1_900);
    expect(m.busy(7)).toBe(false);
  });

  it('collisions further apart than the hold are each a chance overlap', () => {
    const c = clock();
    const m = contentionMemory(1_000, c.now);
    m.saw(7);
    c.at(1_000);
    m.saw(7);
    expect(m.busy(7)).toBe(false);
  });
});
