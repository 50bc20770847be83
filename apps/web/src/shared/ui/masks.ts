/** Masks of SPEC section 5 (phone +7 (###) ###-##-##, IIN 12 digits) as pure helpers. */

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

/** True when the phone has all ten digits after +7. */
export const isCompletePhone = (value: string | null | undefined) => phoneDigits(value).length === 10;

/** Only digits, at most 12 (IIN, BIN). */
export const iinDigits = (value: string | null | undefined) => (value ?? '').replace(/\D/g, '').slice(0, 12);
