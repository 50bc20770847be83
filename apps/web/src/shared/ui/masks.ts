/** Masks of docs/accounts.md (phone +7 (###) ###-##-##, IIN 12 digits) as pure helpers. */

/** The imask pattern: `0` is any digit, the rest is fixed. */
export const PHONE_MASK = '+7 (000) 000-00-00';
export const IIN_MASK = '000000000000';

/** The ten national digits of a phone in any notation (+7..., 8..., 7..., or bare digits). */
export function phoneDigits(value: string | null | undefined): string {
  const s = (value ?? '').trim();
  let d: string;
  if (s.startsWith('+')) {
    // International notation: whatever follows +7 is the national number, however partial.
    d = s.slice(1).replace(/\D/g, '');
    if (d.startsWith('7')) d = d.slice(1);
  } else {
    d = s.replace(/\D/g, '');
    if (d.length === 11 && (d.startsWith('7') || d.startsWith('8'))) d = d.slice(1);
  }
  return d.slice(0, 10);
}

/** Formats as much of the number as is known: '+7 (701) 234-56-78'. Empty input gives ''. */
export function formatPhone(value: string | null | undefined): string {
  const d = phoneDigits(value);
  if (!d) return '';
  let out = `+7 (${d.slice(0, 3)}`;
  if (d.length >= 3) out += ')';
  if (d.length > 3) out += ` ${d.slice(3, 6)}`;
  if (d.length > 6) out += `-${d.slice(6, 8)}`;
  if (d.length > 8) out += `-${d.slice(8, 10)}`;
  return out;
}

/**
 * What the phone mask appends for a typed or pasted chunk, given the national digits already entered.
 * The mask shows '+7 (' itself, so at the start: a pasted or autofilled number in any notation gives
 * its ten national digits; a typed '+' and the '7' right after it are the country code (dropped); a
 * typed leading '8' is the old trunk prefix (no Kazakhstan operator code starts with 8). A typed '7'
 * alone stays: operator codes 7xx start with it. `afterPlus` carries the '+' between keystrokes.
 */
export function phoneChunk(chunk: string, entered: string, afterPlus: boolean): { append: string; afterPlus: boolean } {
  if (entered !== '') return { append: chunk.replace(/\D/g, ''), afterPlus: false };
  // a whole number: '+7' first, which the mask's own '+7' takes, then the ten national digits
  if (chunk.length > 1) return { append: `+7${phoneDigits(chunk)}`, afterPlus: false };
  if (chunk === '+') return { append: '', afterPlus: true };
  if (chunk === '7' && afterPlus) return { append: '', afterPlus: false };
  if (chunk === '8') return { append: '', afterPlus: false };
  return { append: chunk.replace(/\D/g, ''), afterPlus: false };
}

/** True when the phone has all ten digits after +7. */
export const isCompletePhone = (value: string | null | undefined) => phoneDigits(value).length === 10;

/** Only digits, at most 12 (IIN, BIN). */
export const iinDigits = (value: string | null | undefined) => (value ?? '').replace(/\D/g, '').slice(0, 12);
