/** 64-bit (two 32-bit lanes) string hash, hex: stable across runs and platforms, no crypto needed. */
function hash64(s: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < s.length; i++) {
    const ch = s.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (h2 >>> 0).toString(16).padStart(8, '0') + (h1 >>> 0).toString(16).padStart(8, '0');
}

/**
 * Builds source keys for one file. The identity is the report's own id when it has one, otherwise
 * the row content; identical content rows get an occurrence suffix so both survive.
 */
export class SourceKeys {
  private readonly seen = new Map<string, number>();
  constructor(
    private readonly broker: string,
    private readonly family: string,
  ) {}

  key(...identity: unknown[]): string {
    const base = identity.map((p) => (p === null || p === undefined ? '' : String(p))).join('\u001f');
    const n = (this.seen.get(base) ?? 0) + 1;
    this.seen.set(base, n);
    return hash64(`${this.broker}\u001e${this.family}\u001e${base}\u001e${n}`);
  }
}
