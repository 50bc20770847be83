/**
 * Identity rules shared by the web forms and the server: the Kazakhstan IIN (individual
 * identification number) and people's names. Dependency-free on purpose.
 */
import { MSG } from './messages.ts';

/** The identity rules' messages (errors catalogue: the sign-up form shows them, so they load with it). */
export const IDENTITY_TEXT = {
  iinInvalid: MSG.iinInvalid,
  spouseIinInvalid: MSG.spouseIinInvalid,
  nameControl: MSG.nameControl,
  nameMarks: MSG.nameMarks,
} as const;

const W1 = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
const W2 = [3, 4, 5, 6, 7, 8, 9, 10, 11, 1, 2];

/**
 * Control digit of an IIN (or BIN) from its first 11 digits: the digits weighted 1..11, sum mod 11;
 * a result of 10 is computed again with weights 3..11, 1, 2; a second 10 means no valid number
 * has these 11 digits (null).
 */
export function iinControlDigit(first11: string): number | null {
  if (!/^\d{11}$/.test(first11)) return null;
  const digits = [...first11].map(Number);
  const sum = (weights: number[]) => digits.reduce((acc, d, i) => acc + d * weights[i]!, 0) % 11;
  const first = sum(W1);
  if (first !== 10) return first;
  const second = sum(W2);
  return second === 10 ? null : second;
}

/**
 * A person's IIN: 12 digits; digits 1-6 are the birth date YYMMDD, digit 7 the century and sex
 * (1/2 = 1800s, 3/4 = 1900s, 5/6 = 2000s; odd = male), digit 12 the control digit. A real date and
 * century are required, so all-zero and sequential strings are refused even when the weighted sum
 * happens to match (000000000000 does).
 */
export function isValidIin(value: string): boolean {
  if (!/^\d{12}$/.test(value)) return false;
  const century = Number(value[6]);
  if (century < 1 || century > 6) return false;
  const year = 1800 + 100 * Math.floor((century - 1) / 2) + Number(value.slice(0, 2));
  const month = Number(value.slice(2, 4));
  const day = Number(value.slice(4, 6));
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return false;
  return iinControlDigit(value.slice(0, 11)) === Number(value[11]);
}

/** Why a filled-in IIN is refused, or null: not 12 digits, or no real birth date and control digit. */
export function iinIssue(value: string): string | null {
  if (value === '') return null;
  if (!/^\d{12}$/.test(value)) return MSG.len12;
  return isValidIin(value) ? null : IDENTITY_TEXT.iinInvalid;
}

// Line and paragraph separators, C0/C1 controls and format characters (zero-width, bidi overrides).
const CONTROL_RE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;
const MARK_RE = /\p{M}/u;
/** At most this many combining marks on one letter. */
export const NAME_MAX_MARKS_IN_ROW = 2;

/**
 * Why a person's name is refused beyond its character set, or null: a line break or control
 * character; more than NAME_MAX_MARKS_IN_ROW combining marks on one letter, or more marks than
 * other characters in all (stacked "zalgo" text). Counted on the NFC form, so precomposed letters (й, ё, ә)
 * carry no separate mark.
 */
export function nameIssue(value: string): string | null {
  if (CONTROL_RE.test(value)) return IDENTITY_TEXT.nameControl;
  let run = 0;
  let marks = 0;
  let bases = 0;
  for (const ch of value.normalize('NFC')) {
    if (MARK_RE.test(ch)) {
      run += 1;
      marks += 1;
      if (run > NAME_MAX_MARKS_IN_ROW) return IDENTITY_TEXT.nameMarks;
    } else {
      run = 0;
      bases += 1;
    }
  }
  return marks > bases ? IDENTITY_TEXT.nameMarks : null;
}
