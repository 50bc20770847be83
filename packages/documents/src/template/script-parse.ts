import Decimal from 'decimal.js';

/**
 * Reader of KGD's script language (the `<scriptList>` of a form template, type="CALC" and type="CHECK"), the
 * part of it 910.00 v27 r133 uses for arithmetic and consistency checks:
 *
 *   res = @page_910_00_01.field_910_00_005 - @page_910_00_01.field_910_00_006;          CALC: a figure
 *   res= @formula.csum.field_910_01_F;                                                   CALC: a column's sum
 *   if (@page_910_00_01.period_year>=2025) then res=@a*5/100 else res=@a*3.5/100;       CALC: a condition
 *   if @page_910_01_01.field_910_01_004_05<@page_910_01_01.field_910_01_004_04 then res='20269012';   CHECK
 *   if (@page_910_01_02.field_910_01_I_SUM='')+(@formula.csum.field_910_01_I<>0)=2 then res='20268973';
 *   if (@row.field_910_02_L ='')*(@row.field_910_02_K <>'') then res='212273';
 *
 * Numbers, quoted strings ('' = empty), `@page.field` (the script's own page), `@page_NNN.field`, `@row.field`
 * (the same row of a row group), `@formula.csum.field` (a row-group column's sum), `+ - * /`, unary minus,
 * comparisons `= <> < <= > >=` (they give 1 or 0; one per level, not chained), parentheses, and one statement
 * `res=…` or `if COND then res=… [else res=…]`. Anything else — other @formula functions (typenp, checkRnn,
 * switch, get_cur_date), function calls, several statements — is not understood: `parseScript` returns null
 * and the script is skipped, never reported.
 */
export type Comparison = '=' | '<>' | '<' | '<=' | '>' | '>=';

/** Where a field is read: `page` = a page's single field; `row` = the same row; `csum` = a column's sum. */
export type RefScope = 'page' | 'row' | 'csum';

export interface ScriptRef {
  scope: RefScope;
  /** for scope 'page': the page name, null = the script's own page (`@page.field`) */
  page: string | null;
  field: string;
}

export type Expr =
  | { k: 'num'; v: Decimal }
  | { k: 'str'; v: string }
  | ({ k: 'ref' } & ScriptRef)
  | { k: 'neg'; e: Expr }
  | { k: 'op'; op: '+' | '-' | '*' | '/'; a: Expr; b: Expr }
  | { k: 'cmp'; op: Comparison; a: Expr; b: Expr };

export interface Script {
  /** present for `if COND then …` */
  when?: Expr;
  /** `res=…` (under a condition, its `then` branch) */
  result: Expr;
  /** `else res=…`; absent = nothing when the condition does not hold */
  otherwise?: Expr;
}

type Token = { t: 'num'; v: string } | { t: 'str'; v: string } | { t: 'ref'; ref: ScriptRef } | { t: 'sym'; v: string };

// one token at a time (sticky); `@formula.` other than csum, a word other than the keywords: not understood
const TOKEN =
  /\s*(?:(\d+(?:\.\d+)?)|'([^']*)'|@(page(?:_\w+)?)\.(\w+)(?![\w.(])|@row\.(\w+)(?![\w.(])|@formula\.csum\.(\w+)(?![\w.(])|(<=|>=|<>|[-+*/()=<>;])|([A-Za-z]+)(?![\w.@(]))/y;
const WORDS = new Set(['if', 'then', 'else', 'res']);
const COMPARISONS = new Set(['=', '<>', '<', '<=', '>', '>=']);

function tokenize(code: string): Token[] | null {
  const out: Token[] = [];
  const src = code.trim();
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < src.length) {
    const at = TOKEN.lastIndex;
    const m = TOKEN.exec(src);
    if (!m) {
      // trailing blanks only
      if (!src.slice(at).trim()) break;
      return null;
    }
    if (m[1] !== undefined) out.push({ t: 'num', v: m[1] });
    else if (m[2] !== undefined) out.push({ t: 'str', v: m[2] });
    else if (m[3] !== undefined)
      out.push({ t: 'ref', ref: { scope: 'page', page: m[3] === 'page' ? null : m[3], field: m[4] ?? '' } });
    else if (m[5] !== undefined) out.push({ t: 'ref', ref: { scope: 'row', page: null, field: m[5] } });
    else if (m[6] !== undefined) out.push({ t: 'ref', ref: { scope: 'csum', page: null, field: m[6] } });
    else if (m[7] !== undefined) out.push({ t: 'sym', v: m[7] });
    else if (m[8] !== undefined && WORDS.has(m[8].toLowerCase())) out.push({ t: 'sym', v: m[8].toLowerCase() });
    else return null;
  }
  return out;
}

class Unsupported extends Error {}

/** Reads a script of the language above; null when it is anything else. */
export function parseScript(code: string): Script | null {
  const toks = tokenize(code);
  if (!toks) return null;
  let i = 0;
  const isSym = (v: string) => {
    const t = toks[i];
    return t?.t === 'sym' && t.v === v;
  };
  const expect = (v: string) => {
    if (!isSym(v)) throw new Unsupported();
    i++;
  };
  const primary = (): Expr => {
    const t = toks[i++];
    if (!t) throw new Unsupported();
    if (t.t === 'num') return { k: 'num', v: new Decimal(t.v) };
    if (t.t === 'str') return { k: 'str', v: t.v };
    if (t.t === 'ref') return { k: 'ref', ...t.ref };
    if (t.v === '-') return { k: 'neg', e: primary() };
    if (t.v === '(') {
      const e = comparison();
      expect(')');
      return e;
    }
    throw new Unsupported();
  };
  const product = (): Expr => {
    let e = primary();
    while (isSym('*') || isSym('/')) {
      const op = (toks[i++] as { v: '*' | '/' }).v;
      e = { k: 'op', op, a: e, b: primary() };
    }
    return e;
  };
  const sum = (): Expr => {
    let e = product();
    while (isSym('+') || isSym('-')) {
      const op = (toks[i++] as { v: '+' | '-' }).v;
      e = { k: 'op', op, a: e, b: product() };
    }
    return e;
  };
  // comparisons bind loosest: `(a<>'')+(b='')=2` compares the sum with 2
  const comparison = (): Expr => {
    const a = sum();
    const t = toks[i];
    if (t?.t !== 'sym' || !COMPARISONS.has(t.v)) return a;
    i++;
    const e: Expr = { k: 'cmp', op: t.v as Comparison, a, b: sum() };
    const next = toks[i];
    if (next?.t === 'sym' && COMPARISONS.has(next.v)) throw new Unsupported(); // a=b=c: meaning unknown
    return e;
  };
  const assignment = (): Expr => {
    expect('res');
    expect('=');
    return comparison();
  };
  try {
    let script: Script;
    if (isSym('if')) {
      i++;
      const when = comparison();
      expect('then');
      const result = assignment();
      if (isSym('else')) {
        i++;
        script = { when, result, otherwise: assignment() };
      } else script = { when, result };
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

const refsOf = (e: Expr): ScriptRef[] => {
  switch (e.k) {
    case 'ref':
      return [{ scope: e.scope, page: e.page, field: e.field }];
    case 'neg':
      return refsOf(e.e);
    case 'op':
    case 'cmp':
      return [...refsOf(e.a), ...refsOf(e.b)];
    default:
      return [];
  }
};

/** Every field the script reads (its condition's and both branches'). */
export const scriptRefs = (s: Script): ScriptRef[] => [
  ...(s.when ? refsOf(s.when) : []),
  ...refsOf(s.result),
  ...(s.otherwise ? refsOf(s.otherwise) : []),
];
