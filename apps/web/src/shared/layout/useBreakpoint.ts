import { type Breakpoint, breakpointFor, isMobileBreakpoint } from '@deklarant/contracts';
import { useEffect, useState } from 'react';

/** Layout state: mobile flag, window width, breakpoint. */
export function useLayout(): { width: number; breakpoint: Breakpoint; mobile: boolean } {
  const [width, setWidth] = useState(() => window.innerWidth);
  useEffect(() => {
    const on = () => setWidth(window.innerWidth);
    window.addEventListener('resize', on);
    return () => window.removeEventListener('resize', on);
  }, []);
  const breakpoint = breakpointFor(width);
  return { width, breakpoint, mobile: isMobileBreakpoint(breakpoint) };
}
