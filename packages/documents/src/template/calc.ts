import Decimal from 'decimal.js';

/**
 * The part of KGD's script language (the `<scriptList>` of a form template, type="CALC") the check before
 * signing evaluates: arithmetic over the form's own fields. What it reads (910.00 v27 r133 has all of these):
 *
 *   res=@page_910_00_03.field_910_00_021_1 + @page_910_00_03.field_910_00_021_2;      sums and differences
 *   res=@page_910_00_01.field_910_00_001*3/100      res = @page.field_910_00_007 *0.5  numbers, * and /
 *   res = @page_910_00_01.period_year                                                   a copy of one field
 *   if (@page_910_00_01.period_year>=2025) then res=@a*5/100 else res=@a*3.5/100;       one comparison of two
 *                                                                                       such expressions
 *
 * `@page.field` is a field of the script's own page; parentheses and a leading minus are read too. Anything
 * else — quoted values ('' or message codes), @formula.* (csum, switch, typenp), @row.*, several conditions
 * multiplied or added, an `if` without `else` — is not understood: `parseCalc` returns null and the script is
 * skipped, never reported.
 */
export type CalcExpr =
  | { k: 'num'; v: Decimal }
  | { k: 'ref'; page: string | null; field: string }
  | { k: 'neg'; e: CalcExpr }
  | { k: 'op'; op: '+' | '-' | '*' | '/'; a: CalcExpr; b: CalcExpr };

export type Comparison = '<' | '<=' | '>' | '>=' | '=' | '<>';

export interface CalcScript {
  /** present for `if (a op b) then res=… else res=…` */
  when?: { a: CalcExpr; op: Comparison; b: CalcExpr };
  /** the figure (`res=…`; under a condition, its `then` branch) */
  result: CalcExpr;
  otherwise?: CalcExpr;
}

/** A field a script reads: `page` null = the script's own page (`@page.field`). */
export interface CalcRef {
  page: string | null;
  field: string;
}

type Token = { t: 'num'; v: string } | { t: 'ref'; page: string | null; field: string } | { t: 'sym'; v: string };

const TOKEN = /\s*(?:(\d+(?:\.\d+)?)|@(page(?:_\w+)?)\.(\w+)(?![\w.])|(<=|>=|<>|[-+*/()=<>;])|([A-Za-z]+)(?![\w.@]))/y;
const WORDS = new Set(['if', 'then', 'else', 'res']);

function tokenize(code: string): Token[] | null {
  const out: Token[] = [];
  const src = code.trim();
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < src.length) {
    const m = TOKEN.exec(src);
    if (!m) return null;
    if (m[1] !== undefined) out.push({ t: 'num', v: m[1] });
    else if (m[2] !== undefined) out.push({ t: 'ref', page: m[2] === 'page' ? null : m[2], field: m[3] ?? '' });
    else if (m[4] !== undefined) out.push({ t: 'sym', v: m[4] });
    else if (m[5] !== undefined && WORDS.has(m[5].toLowerCase())) out.push({ t: 'sym', v: m[5].toLowerCase() });
    else return null;
  }
  return out;
}

class Unsupported extends Error {}

/** Reads a CALC script of the supported kind; null when it is anything else (see above). */
export function parseCalc(code: string): CalcScript | null {
  const toks = tokenize(code);
  if (!toks) return null;
  let i = 0;
  const peek = () => toks[i];
  const isSym = (v: string) => {
    const t = toks[i];
    return t?.t === 'sym' && t.v === v;
  };
  const expect = (v: string) => {
    if (!isSym(v)) throw new Unsupported();
    i++;
  };
  const primary = (): CalcExpr => {
    const t = peek();
    if (!t) throw new Unsupported();
    i++;
    if (t.t === 'num') return { k: 'num', v: new Decimal(t.v) };
    if (t.t === 'ref') return { k: 'ref', page: t.page, field: t.field };
    if (t.v === '-') return { k: 'neg', e: primary() };
    if (t.v === '(') {
      const e = sum();
      expect(')');
      return e;
    }
    throw new Unsupported();
  };
  const product = (): CalcExpr => {
    let e = primary();
    while (isSym('*') || isSym('/')) {
      const op = (toks[i++] as { v: '*' | '/' }).v;
      e = { k: 'op', op, a: e, b: primary() };
    }
    return e;
  };
  const sum = (): CalcExpr => {
    let e = product();
    while (isSym('+') || isSym('-')) {
      const op = (toks[i++] as { v: '+' | '-' }).v;
      e = { k: 'op', op, a: e, b: product() };
    }
    return e;
  };
  const assignment = (): CalcExpr => {
    expect('res');
    expect('=');
    return sum();
  };
  try {
    let script: CalcScript;
    if (isSym('if')) {
      i++;
      expect('(');
      const a = sum();
      const t = peek();
      const op = t?.t === 'sym' && ['<', '<=', '>', '>=', '=', '<>'].includes(t.v) ? (t.v as Comparison) : null;
      if (!op) throw new Unsupported();
      i++;
      const b = sum();
      expect(')');
      expect('then');
      const then = assignment();
      expect('else');
      script = { when: { a, op, b }, result: then, otherwise: assignment() };
    } else {
      script = { result: assignment() };
    }
    while (isSym(';')) i++;
    return i === toks.length ? script : null;
  } catch (e) {
    if (e instanceof Unsupported) return null;
    throw e;
  }
}

const refsOf = (e: CalcExpr): CalcRef[] =>
  e.k === 'ref'
    ? [{ page: e.page, field: e.field }]
    : e.k === 'neg'
      ? refsOf(e.e)
      : e.k === 'op'
        ? [...refsOf(e.a), ...refsOf(e.b)]
        : [];

/** Every field the script reads (the condition's and both branches'). */
export const calcRefs = (s: CalcScript): CalcRef[] => [
  ...(s.when ? [...refsOf(s.when.a), ...refsOf(s.when.b)] : []),
  ...refsOf(s.result),
  ...(s.otherwise ? refsOf(s.otherwise) : []),
];

/** A field's value as a number: empty = 0; null when it is not a number (the script is not evaluated then). */
export type CalcValue = (ref: CalcRef) => Decimal | null;

/** The value a CALC script gives; null when it cannot be evaluated (a division by zero, a value not a number). */
export function evaluateCalc(s: CalcScript, value: CalcValue): Decimal | null {
  const ev = (e: CalcExpr): Decimal | null => {
    if (e.k === 'num') return e.v;
    if (e.k === 'ref') return value(e);
    if (e.k === 'neg') return ev(e.e)?.neg() ?? null;
    const a = ev(e.a);
    const b = ev(e.b);
    if (!a || !b) return null;
    if (e.op === '+') return a.plus(b);
    if (e.op === '-') return a.minus(b);
    if (e.op === '*') return a.times(b);
    return b.isZero() ? null : a.div(b);
  };
  if (!s.when) return ev(s.result);
  const a = ev(s.when.a);
  const b = ev(s.when.b);
  if (!a || !b) return null;
  const c = a.comparedTo(b);
  const holds = { '<': c < 0, '<=': c <= 0, '>': c > 0, '>=': c >= 0, '=': c === 0, '<>': c !== 0 }[s.when.op];
  return ev(holds ? s.result : (s.otherwise as CalcExpr));
}

/** A condition side that is one field alone (`@a >= 2025`): compared empty, KGD's value is not a number. */
export const bareRefs = (s: CalcScript): CalcRef[] =>
  s.when ? [s.when.a, s.when.b].flatMap((e) => (e.k === 'ref' ? [{ page: e.page, field: e.field }] : [])) : [];
