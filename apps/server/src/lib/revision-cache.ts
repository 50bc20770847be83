/**
 * A cache of values derived from a declaration's deals, keyed by the declaration and its
 * `deals_revision` (bumped by a database trigger on every change to its deals). A hit is exact by
 * construction: the caller reads the revision from the row it loaded for the ownership check, so a
 * stale entry can never match, and several server instances stay consistent without talking.
 *
 * Concurrent requests for the same revision share one build (no stampede after a save). A revision is
 * `<deals revision>` or `<deals revision>|<rest of the state>`: an entry of the same rest and a later
 * deals revision answers too (`later`). Entries are
 * bounded by total weight (e.g. bytes of a serialized answer), least recently used first out.
 */
export class RevisionCache<V> {
  private readonly entries = new Map<string, { revision: string; value: Promise<V>; weight: number }>();
  private total = 0;

  constructor(
    private readonly maxWeight: number,
    private readonly weigh: (value: V) => number = () => 1,
  ) {}

  get(key: string, revision: string | number | bigint, build: () => Promise<V>): Promise<V> {
    const rev = String(revision);
    const hit = this.entries.get(key);
    if (hit && (hit.revision === rev || later(hit.revision, rev))) {
      // re-insert: Map iteration order is the LRU order
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.value;
    }
    if (hit) this.drop(key);
    const value = build();
    const entry = { revision: rev, value, weight: 0 };
    this.entries.set(key, entry);
    value.then(
      (v) => {
        if (this.entries.get(key) !== entry) return;
        entry.weight = this.weigh(v);
        this.total += entry.weight;
        this.evict();
      },
      () => {
        // failures are not cached: the next request tries again
        if (this.entries.get(key) === entry) this.drop(key);
      },
    );
    return value;
  }

  /** Number of entries (for tests and metrics). */
  get size(): number {
    return this.entries.size;
  }

  private drop(key: string): void {
    const e = this.entries.get(key);
    if (!e) return;
    this.total -= e.weight;
    this.entries.delete(key);
  }

  private evict(): void {
    for (const key of this.entries.keys()) {
      if (this.total <= this.maxWeight) return;
      this.drop(key);
    }
  }
}

/** `<deals revision>|<rest of the state>`, the rest possibly empty. */
const parts = (revision: string): [bigint | undefined, string] => {
  const bar = revision.indexOf('|');
  const deals = bar < 0 ? revision : revision.slice(0, bar);
  return [/^\d{1,30}$/.test(deals) ? BigInt(deals) : undefined, bar < 0 ? '' : revision.slice(bar)];
};

/**
 * True when `have` is the same state as `want` after later changes to the deals. A request that read its
 * row just before a save is answered with the answer after it (the save committed before the answer
 * left): rebuilding the older one would evict the newer, and the next request would rebuild that again.
 */
function later(have: string, want: string): boolean {
  const [h, hRest] = parts(have);
  const [w, wRest] = parts(want);
  return h !== undefined && w !== undefined && h > w && hRest === wRest;
}

const perDb = new WeakMap<object, Map<string, RevisionCache<unknown>>>();

/**
 * The named cache of one database (one app instance in production; tests build many apps, each with
 * its own database, so caches must never be shared across them).
 */
export function revisionCacheOf<V>(db: object, name: string, create: () => RevisionCache<V>): RevisionCache<V> {
  let caches = perDb.get(db);
  if (!caches) {
    caches = new Map();
    perDb.set(db, caches);
  }
  let cache = caches.get(name);
  if (!cache) {
    cache = create() as RevisionCache<unknown>;
    caches.set(name, cache);
  }
  return cache as RevisionCache<V>;
}
