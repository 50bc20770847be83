/** Exact money for the screens: decimal strings in, decimal strings out (no float arithmetic). */
const SCALE = 100n;

function cents(amount: string): bigint {
  const [i = '0', f = ''] = amount.trim().split('.');
  return BigInt(i || '0') * SCALE + BigInt((f + '00').slice(0, 2));
}
const str = (c: bigint) => `${c / SCALE}.${(c % SCALE).toString().padStart(2, '0')}`;

export function sum(amounts: string[]): string {
  return str(amounts.reduce((s, a) => s + cents(a), 0n));
}

/** amount × (100 − discount %) / 100, half up to the tiyn; a discount of 100 or more is free. */
export function discounted(amount: string, discountPercent: string): string {
  const [i = '0', f = ''] = discountPercent.split('.');
  const d = BigInt(i || '0') * 100n + BigInt((f + '00').slice(0, 2)); // hundredths of a percent
  if (d >= 10000n) return '0.00';
  const num = cents(amount) * (10000n - d);
  return str((num + 5000n) / 10000n);
}
