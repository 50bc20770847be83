import { describe, expect, it } from 'vitest';
import { breakpointFor } from '../src/breakpoints.ts';

// The breakpoints: mobileXs 0-480, mobile 481-760, tablet 761-1023, desktop 1024-1439, desktopLg 1440-10000;
// a width outside every band falls back to desktopLg.
describe('layout breakpoints', () => {
  it.each([
    [0, 'mobileXs'],
    [375, 'mobileXs'],
    [480, 'mobileXs'],
    [481, 'mobile'],
    [760, 'mobile'],
    [761, 'tablet'],
    [1023, 'tablet'],
    [1024, 'desktop'],
    [1439, 'desktop'],
    [1440, 'desktopLg'],
    [10000, 'desktopLg'],
  ])('width %i is %s', (w, bp) => {
    expect(breakpointFor(w)).toBe(bp);
  });

  it.each([-1, 10001, 480.5, 1023.5, Number.NaN])('width %d outside every band falls back to desktopLg', (w) => {
    expect(breakpointFor(w)).toBe('desktopLg');
  });
});
