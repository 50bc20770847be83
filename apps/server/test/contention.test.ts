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

  it('stays held while saves keep coming, and lets go when none came for the hold', () => {
    const c = clock();
    const m = contentionMemory(1_000, c.now);
    m.saw(7);
    m.saw(7);
    for (const t of [800, 1_600, 2_400]) {
      c.at(t);
      expect(m.busy(7)).toBe(true);
      m.held(7);
    }
    c.at(3_399);
    expect(m.busy(7)).toBe(true);
    c.at(3_400);
    expect(m.busy(7)).toBe(false);
    m.held(7); // a held save after the hold ended does not start a new one
    expect(m.busy(7)).toBe(false);
  });
});
