import Decimal from 'decimal.js';
import type { Comparison, Expr, Script, ScriptRef } from './script-parse.ts';

/**
 * Values of KGD's script language: a number (exact, decimal.js), a text (a field as written, a quoted value),
 * or '' (empty). Comparisons give 1 or 0; in arithmetic an empty field counts as 0 and a text must be a number.
 *
 * `x = ''` / `x <> ''` asks whether x is empty (a filled 0 is not). What the check cannot be sure KGD's client
 * does is not guessed: the evaluation gives `null` (unknown) and the script is skipped for that document.
 * Unknown: arithmetic over a text that is not a number, division by zero, an empty field compared with a number
 * or with another field holding one (is '' = 0?), an ordering of texts that are not numbers, '02' = '2'. A
 * comparison that cannot be decided is MAYBE (1 or 0): multiplied by a known 0 it is 0 — the form's guards
 * `(@a<>'')*(@a<0)` stay decidable when @a is empty — and unknown otherwise.
 */
export type Value = Decimal | string;
export const MAYBE = Symbol('maybe');
type Result = Value | typeof MAYBE | null;

/** A field's value for the script, or null when it cannot be read (the script is then skipped). */
export type Resolve = (ref: ScriptRef) => Value | null;

const NUMBER = /^-?\d+(\.\d+)?$/;
const ONE = new Decimal(1);
const ZERO = new Decimal(0);

/** A value as a number: empty = 0; null for a text that is not a number. */
export function asNumber(v: Value): Decimal | null {
  if (typeof v !== 'string') return v;
  if (v === '') return ZERO;
  return NUMBER.test(v) ? new Decimal(v) : null;
}

/** -1, 0, 1, or MAYBE when the order (or the equality) of the two values is not certain. */
function order(a: Value, b: Value, equality: boolean): number | typeof MAYBE {
  if (a === '' && b === '') return 0;
  if (a === '' || b === '') {
    // an empty field and a text that is not a number differ; whether '' equals or precedes 0 is not known
    const other = a === '' ? b : a;
    return equality && typeof other === 'string' && !NUMBER.test(other) ? 1 : MAYBE;
  }
  if (typeof a === 'string' && typeof b === 'string') {
    if (equality && a === b) return 0;
    if (NUMBER.test(a) && NUMBER.test(b)) {
      const c = new Decimal(a).comparedTo(new Decimal(b));
      // '02' and '2': equal as numbers, not as texts
      return equality ? (c === 0 ? MAYBE : 1) : c;
    }
    return equality ? 1 : MAYBE;
  }
  const x = asNumber(a);
  const y = asNumber(b);
  return x && y ? x.comparedTo(y) : MAYBE;
}

const holds = (op: Comparison, c: number) =>
  ({ '=': c === 0, '<>': c !== 0, '<': c < 0, '<=': c <= 0, '>': c > 0, '>=': c >= 0 })[op];

/** `x = ''` / `x <> ''` with the quoted '' asks whether x is empty: a filled field (even 0) is not. */
const isEmptyLiteral = (e: Expr) => e.k === 'str' && e.v === '';

function compare(e: Extract<Expr, { k: 'cmp' }>, a: Value, b: Value): Decimal | typeof MAYBE {
  let c: number | typeof MAYBE;
  if ((e.op === '=' || e.op === '<>') && (isEmptyLiteral(e.a) || isEmptyLiteral(e.b))) c = a === b ? 0 : 1;
  else c = order(a, b, e.op === '=' || e.op === '<>');
  if (c === MAYBE) return MAYBE;
  return holds(e.op, c) ? ONE : ZERO;
}

const isZero = (r: Result) => r instanceof Decimal && r.isZero();

/** The value of an expression; MAYBE or null when it is not certain (see above). */
export function evaluate(e: Expr, resolve: Resolve): Result {
  switch (e.k) {
    case 'num':
      return e.v;
    case 'str':
      return e.v;
    case 'ref':
      return resolve(e);
    case 'neg': {
      const v = evaluate(e.e, resolve);
      const n = v === null || v === MAYBE ? null : asNumber(v);
      return n ? n.neg() : null;
    }
    case 'cmp': {
      const a = evaluate(e.a, resolve);
      const b = evaluate(e.b, resolve);
      if (a === null || b === null) return null;
      if (a === MAYBE || b === MAYBE) return MAYBE;
      return compare(e, a, b);
    }
    case 'op': {
      const a = evaluate(e.a, resolve);
      // a known 0 times a comparison that is 1 or 0 is 0 (the right side is not needed then)
      if (e.op === '*' && isZero(a)) {
        const b = evaluate(e.b, resolve);
        return b === MAYBE || (b !== null && asNumber(b)) ? ZERO : null;
      }
      const b = evaluate(e.b, resolve);
      if (e.op === '*' && a === MAYBE && isZero(b)) return ZERO;
      if (a === null || b === null || a === MAYBE || b === MAYBE) return null;
      const x = asNumber(a);
      const y = asNumber(b);
      if (!x || !y) return null;
      if (e.op === '+') return x.plus(y);
      if (e.op === '-') return x.minus(y);
      if (e.op === '*') return x.times(y);
      return y.isZero() ? null : x.div(y);
    }
  }
}

/**
 * What a script gives: `{ value }` (a figure, a message code, '' = nothing), `{}` when its condition does not
 * hold and it has no `else`, null when the evaluation is not certain.
 */
export function runScript(s: Script, resolve: Resolve): { value?: Value } | null {
  let branch: Expr | undefined = s.result;
  if (s.when) {
    const c = evaluate(s.when, resolve);
    if (c === null || c === MAYBE) return null;
    const n = asNumber(c);
    if (!n || c === '') return null;
    branch = n.isZero() ? s.otherwise : s.result;
  }
  if (!branch) return {};
  const v = evaluate(branch, resolve);
  return v === null || v === MAYBE ? null : { value: v };
}
