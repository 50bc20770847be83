/**
 * A hand-written streaming XML scanner, kept on purpose: the import benchmark needs it.
 *
 * A 50 000-trade Interactive Brokers Flex report must parse and map in under 3 s and 400 MB
 * (`npm run bench -- imports`, bench/imports.bench.ts). fast-xml-parser built a tree of the whole file plus a
 * tag-balance pass and took about twice the CPU and 50 MB more memory (figures in packages/importers/PERF.md).
 * This scanner reads once, reports each element with its attributes and checks balance itself; fast-xml-parser
 * remains for the small XML files (`xml.ts`). Before replacing it with a library, run that bench and compare.
 * The DOCTYPE/ENTITY refusal (`assertSafeXml`) runs first either way.
 */
import { refuse } from '../errors.ts';
import { type TextKey, tx } from '../texts.ts';
import { assertSafeXml, xmlRootName } from './xml.ts';

/** Attributes of one element, entity references decoded, values trimmed. */
export type XmlAttrs = Record<string, string>;

/** What a scan reports, in document order. */
export interface XmlVisitor {
  /** An element starts; `attrs` is a fresh object the visitor may keep. `depth` is 0 for the root. */
  open(name: string, attrs: XmlAttrs, depth: number): void;
  /** The element ends (for `<x/>` right after `open`). */
  close(name: string, depth: number): void;
  /** Non-blank character data inside an element (entity references decoded, CDATA as is). */
  text?(value: string): void;
}

const corrupt = (reason: string): never => refuse('corrupt', tx('refuse.xmlCorrupt', { reason }));

// Name characters: ASCII letters, digits, _ : . - and everything from U+00B7 up (lenient about the
// exact Unicode ranges of the XML spec, strict about the ASCII punctuation that delimits markup).
const NAME_START = new Uint8Array(128);
const NAME_CHAR = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c);
  NAME_START[c] = /[A-Za-z_:]/.test(ch) ? 1 : 0;
  NAME_CHAR[c] = /[A-Za-z0-9_:.-]/.test(ch) ? 1 : 0;
}
const isNameStart = (c: number) => (c < 128 ? NAME_START[c] === 1 : c >= 0xc0);
const isNameChar = (c: number) => (c < 128 ? NAME_CHAR[c] === 1 : c >= 0xb7);
const isSpace = (c: number) => c === 32 || c === 10 || c === 9 || c === 13;

/** Attribute names that would reach an object's prototype machinery (same list fast-xml-parser refuses). */
const FORBIDDEN_NAMES = new Set(['__proto__', 'constructor', 'prototype']);

/** Element names whose attribute names are remembered (a Flex report has about 30). */
const MAX_SHAPES = 256;

const PREDEFINED = new Map([
  ['lt', '<'],
  ['gt', '>'],
  ['amp', '&'],
  ['quot', '"'],
  ['apos', "'"],
]);

/**
 * One strict, linear pass over an XML document that reports elements as they come, without building
 * a tree (a 50,000-trade Flex report is 20 MB; a tree of it costs seconds and hundreds of MB).
 *
 * Refuses, with the importers' Russian messages: DOCTYPE/ENTITY declarations (`unsafe_xml`), a missing
 * closing root tag (`truncated`), mismatched or unclosed tags, malformed tags and attributes, duplicate
 * attributes, unknown entity references, a `<` inside an attribute value, text or a second element
 * outside the root (`corrupt`). Only the five predefined entities and numeric character references are
 * expanded, so nothing can grow; every search moves forward, so hostile input costs linear time.
 */
export function scanXml(xml: string, visitor: XmlVisitor): void {
  const scanner = xmlScanner(xml, visitor);
  while (scanner.step());
}

/**
 * The same scan, driven by the caller one piece of markup at a time (`step()` is false once the whole
 * document is read and checked), so a consumer can hand out what it read before reading on.
 */
export function xmlScanner(xml: string, visitor: XmlVisitor): { step(): boolean } {
  assertSafeXml(xml);
  const root = xmlRootName(xml);
  if (!root || !new RegExp(`</${root}>\\s*$`).test(xml.slice(-512))) {
    refuse('truncated', tx('refuse.xmlTruncated'));
  }
  return new Scanner(xml, visitor);
}

class Scanner {
  private pos = 0;
  private done = false;
  private readonly stack: string[] = [];
  private rootSeen = false;
  private readonly shapes = new Map<string, string[]>();

  constructor(
    private readonly s: string,
    private readonly v: XmlVisitor,
  ) {}

  /** Reads up to and including the next `<…>` markup; false (after the final checks) at the end. */
  step(): boolean {
    if (this.done) return false;
    const s = this.s;
    const lt = s.indexOf('<', this.pos);
    const end = lt === -1 ? s.length : lt;
    if (end > this.pos) this.chars(this.pos, end);
    if (lt === -1) {
      this.done = true;
      if (this.stack.length) corrupt(tx('xml.tagNotClosed', { tag: this.stack[this.stack.length - 1]! }));
      if (!this.rootSeen) corrupt(tx('xml.noRoot'));
      return false;
    }
    const c = s.charCodeAt(lt + 1);
    if (c === 47 /* / */) this.endTag(lt);
    else if (c === 63 /* ? */) {
      if (lt > 0 && /^<\?xml[\s?]/i.test(s.slice(lt, lt + 6))) this.fail(lt, tx('xml.declarationNotFirst'));
      this.pos = this.skipTo(lt + 2, '?>', 'xml.instructionNotClosed');
    } else if (c === 33 /* ! */) this.markup(lt);
    else this.startTag(lt);
    return true;
  }

  /** Character data from `from` to `to` (exclusive): blank between elements, reported inside one. */
  private chars(from: number, to: number): void {
    const s = this.s;
    let i = from;
    while (i < to && isSpace(s.charCodeAt(i))) i++;
    if (i === to) return;
    if (!this.stack.length) this.fail(i, tx('xml.textOutsideRoot'));
    const raw = s.slice(from, to);
    if (raw.includes(']]>')) this.fail(i, tx('xml.cdataEndInText'));
    this.v.text?.(this.value(raw, from).trim());
  }

  /** Comments and CDATA; any other `<!…` (ELEMENT, ATTLIST…; DOCTYPE/ENTITY never get here) is refused. */
  private markup(lt: number): void {
    const s = this.s;
    if (s.startsWith('<!--', lt)) {
      const end = this.skipTo(lt + 4, '-->', 'xml.commentNotClosed');
      if (s.slice(lt + 4, end - 3).includes('--')) this.fail(lt, tx('xml.doubleHyphenInComment'));
      this.pos = end;
      return;
    }
    if (s.startsWith('<![CDATA[', lt)) {
      if (!this.stack.length) this.fail(lt, tx('xml.cdataOutsideRoot'));
      this.pos = this.skipTo(lt + 9, ']]>', 'xml.cdataNotClosed');
      const text = s.slice(lt + 9, this.pos - 3).trim();
      if (text) this.v.text?.(text);
      return;
    }
    this.fail(lt, tx('xml.declarationNotSupported'));
  }

  private startTag(lt: number): void {
    const s = this.s;
    const nameEnd = this.name(lt + 1);
    if (nameEnd === lt + 1) this.fail(lt, tx('xml.tagNameExpected'));
    const name = s.slice(lt + 1, nameEnd);
    if (!this.stack.length && this.rootSeen) this.fail(lt, tx('xml.secondRoot', { tag: name }));
    const attrs: XmlAttrs = {};
    // Attribute names of the previous element with this name: records repeat them in the same order,
    // so a name is compared in place instead of being cut out, and is known to be valid and unique.
    const shape = this.shapes.get(name);
    let names: string[] = shape ?? [];
    let k = 0;
    let p = nameEnd;
    let empty = false;
    for (;;) {
      const before = p;
      let c = s.charCodeAt(p);
      while (isSpace(c)) c = s.charCodeAt(++p);
      if (c === 62 /* > */) {
        p++;
        break;
      }
      if (c === 47 /* / */ && s.charCodeAt(p + 1) === 62) {
        p += 2;
        empty = true;
        break;
      }
      if (p === before) this.fail(p, tx('xml.tagError', { tag: name }));
      // the common case: the same attribute as in the previous element of this name, in the same place
      const known = names === shape ? names[k] : undefined;
      let attr: string;
      let attrEnd: number;
      if (known !== undefined && s.startsWith(known, p) && !isNameChar(s.charCodeAt(p + known.length))) {
        attr = known;
        attrEnd = p + known.length;
      } else {
        attrEnd = this.name(p);
        if (attrEnd === p) this.fail(p, tx('xml.attributesError', { tag: name }));
        attr = s.slice(p, attrEnd);
        if (FORBIDDEN_NAMES.has(attr)) this.fail(p, tx('xml.attributeNameInvalid', { attribute: attr }));
        if (Object.hasOwn(attrs, attr)) this.fail(p, tx('xml.attributeRepeated', { attribute: attr }));
        if (names === shape) names = names.slice(0, k);
      }
      if (names !== shape) names.push(attr);
      k++;
      p = attrEnd;
      c = s.charCodeAt(p);
      while (isSpace(c)) c = s.charCodeAt(++p);
      if (c !== 61 /* = */) this.fail(p, tx('xml.attributeNoValue', { attribute: attr }));
      c = s.charCodeAt(++p);
      while (isSpace(c)) c = s.charCodeAt(++p);
      if (c !== 34 /* " */ && c !== 39 /* ' */) this.fail(p, tx('xml.attributeNotQuoted', { attribute: attr }));
      const close = s.indexOf(c === 34 ? '"' : "'", p + 1);
      if (close === -1) this.fail(p, tx('xml.attributeNotClosed', { attribute: attr }));
      let value = s.slice(p + 1, close);
      if (value.includes('<')) this.fail(p, tx('xml.ltInAttribute', { attribute: attr }));
      if (value.includes('&')) value = this.value(value, p + 1);
      attrs[attr] = own(trim(value));
      p = close + 1;
    }
    this.pos = p;
    if (names !== shape) {
      // a hostile file could use a million element names: remember only the first few
      if (shape || this.shapes.size < MAX_SHAPES) this.shapes.set(name, names);
    } else if (k !== names.length) this.shapes.set(name, names.slice(0, k));
    const depth = this.stack.length;
    this.rootSeen = true;
    this.v.open(name, attrs, depth);
    if (empty) this.v.close(name, depth);
    else this.stack.push(name);
  }

  private endTag(lt: number): void {
    const s = this.s;
    const nameEnd = this.name(lt + 2);
    const name = s.slice(lt + 2, nameEnd);
    let p = nameEnd;
    while (isSpace(s.charCodeAt(p))) p++;
    if (nameEnd === lt + 2 || s.charCodeAt(p) !== 62) this.fail(lt, tx('xml.closingTagError'));
    if (this.stack.pop() !== name) corrupt(tx('xml.unexpectedClosingTag', { tag: name }));
    this.pos = p + 1;
    this.v.close(name, this.stack.length);
  }

  /** End of the name starting at `p` (== p when there is none). */
  private name(p: number): number {
    const s = this.s;
    if (!isNameStart(s.charCodeAt(p))) return p;
    let i = p + 1;
    while (isNameChar(s.charCodeAt(i))) i++;
    return i;
  }

  /** Position after `token`, searching from `from`; refuses when it never comes. */
  private skipTo(from: number, token: string, reason: TextKey): number {
    const at = this.s.indexOf(token, from);
    if (at === -1) this.fail(from, tx(reason));
    return at + token.length;
  }

  /** Expands the predefined entities and character references of `raw` (found at `at`, for messages). */
  private value(raw: string, at: number): string {
    let amp = raw.indexOf('&');
    if (amp === -1) return raw;
    let out = '';
    let last = 0;
    while (amp !== -1) {
      const semi = raw.indexOf(';', amp + 1);
      const ref = semi === -1 || semi - amp > 12 ? '' : raw.slice(amp + 1, semi);
      const ch = PREDEFINED.get(ref) ?? charRef(ref);
      if (ch === null) {
        this.fail(
          at + amp,
          tx('xml.unknownReference', { reference: raw.slice(amp, semi === -1 ? amp + 12 : semi + 1) }),
        );
      }
      out += raw.slice(last, amp) + ch;
      last = semi + 1;
      amp = raw.indexOf('&', last);
    }
    return out + raw.slice(last);
  }

  private fail(at: number, reason: string): never {
    let line = 1;
    for (let i = this.s.indexOf('\n'); i !== -1 && i < at; i = this.s.indexOf('\n', i + 1)) line++;
    return corrupt(tx('xml.atLine', { line, reason }));
  }
}

/** `#38` / `#x26` → the character; null for anything else or a code point XML does not allow. */
function charRef(ref: string): string | null {
  const m = /^#(?:([0-9]{1,7})|x([0-9A-Fa-f]{1,6}))$/.exec(ref);
  if (!m) return null;
  const code = m[1] ? Number.parseInt(m[1], 10) : Number.parseInt(m[2]!, 16);
  const allowed =
    code === 0x9 ||
    code === 0xa ||
    code === 0xd ||
    (code >= 0x20 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    (code >= 0x10000 && code <= 0x10ffff);
  return allowed ? String.fromCodePoint(code) : null;
}

/**
 * A copy of a value cut from the document. V8 cuts strings of 13 characters and more as views into
 * the whole text, so one kept name would keep the 20 MB document alive for as long as its deal lives.
 */
const own = (v: string): string => (v.length < 13 ? v : ` ${v}`.slice(1));

/** String#trim, without a call when there is nothing to trim (the common case). */
const trim = (v: string): string =>
  v.length && (isSpace(v.charCodeAt(0)) || isSpace(v.charCodeAt(v.length - 1))) ? v.trim() : v;
