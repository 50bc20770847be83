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
  return hex32(h2) + hex32(h1);
}

const HEX2 = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/** `(n >>> 0).toString(16).padStart(8, '0')` without the slow radix conversion (50,000 keys per import). */
const hex32 = (n: number): string =>
  HEX2[n >>> 24]! + HEX2[(n >>> 16) & 255]! + HEX2[(n >>> 8) & 255]! + HEX2[n & 255]!;

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
    let base = '';
    for (let i = 0; i < identity.length; i++) {
      const p = identity[i];
      if (i) base += '\u001f';
      if (p !== null && p !== undefined) base += String(p);
    }
    const n = (this.seen.get(base) ?? 0) + 1;
    this.seen.set(base, n);
    return hash64(`${this.broker}\u001e${this.family}\u001e${base}\u001e${n}`);
  }
}
