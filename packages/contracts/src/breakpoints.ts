/** Layout breakpoints by window width. */
export const BREAKPOINTS = [
  { name: 'mobileXs', min: 0, max: 480 },
  { name: 'mobile', min: 481, max: 760 },
  { name: 'tablet', min: 761, max: 1023 },
  { name: 'desktop', min: 1024, max: 1439 },
  { name: 'desktopLg', min: 1440, max: 10000 },
] as const;
export type Breakpoint = (typeof BREAKPOINTS)[number]['name'];

/** A width outside every band (negative, fractional gap, above 10000) falls back to desktopLg. */
export function breakpointFor(width: number): Breakpoint {
  const band = BREAKPOINTS.find((b) => width >= b.min && width <= b.max);
  return band ? band.name : 'desktopLg';
}

export const isMobileBreakpoint = (bp: Breakpoint) => bp === 'mobileXs' || bp === 'mobile';
