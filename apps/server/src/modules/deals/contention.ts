/**
 * Declarations whose saves collide (in this process): after two collisions less than `holdMs` apart,
 * saves into the declaration hold it from the start until no save has come for `holdMs`. One collision
 * alone (two saves that happened to overlap) is only tried again.
 */
export function contentionMemory(holdMs = 1_000, now = () => Date.now()) {
  const seen = new Map<number, { until: number; hits: number }>();
  const live = (id: number) => {
    const e = seen.get(id);
    if (e && e.until <= now()) seen.delete(id);
    return e && e.until > now() ? e : undefined;
  };
  return {
    saw(id: number) {
      const t = now();
      if (seen.size > 1_000) for (const [k, e] of seen) if (e.until <= t) seen.delete(k);
      seen.set(id, { until: t + holdMs, hits: (live(id)?.hits ?? 0) + 1 });
    },
    busy: (id: number): boolean => (live(id)?.hits ?? 0) >= 2,
    /** A save held the declaration: it stays held while saves keep coming (a queue of them collides no more). */
    held(id: number) {
      const e = live(id);
      if (e) e.until = now() + holdMs;
    },
  };
}
