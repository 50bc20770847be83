import { CODE_RESEND_SECONDS } from '@deklarant/contracts';
import { useCallback, useEffect, useState } from 'react';

/** 59 -> '0:59', 60 -> '1:00'; negative values count as 0. */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** Seconds left until `until` (epoch ms) at time `now`, rounded up, never negative. */
export const secondsLeft = (until: number, now: number) => Math.max(0, Math.ceil((until - now) / 1000));

/** The resend countdown of docs/accounts.md (60 s): `start()` after each code sent. */
export function useCountdown(total = CODE_RESEND_SECONDS) {
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until <= Date.now()) return;
    const t = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(t);
  }, [until]);
  const start = useCallback(() => {
    const n = Date.now();
    setNow(n);
    setUntil(n + total * 1000);
  }, [total]);
  const left = secondsLeft(until, now);
  return { left, running: left > 0, label: formatCountdown(left), start };
}
