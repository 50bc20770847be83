import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** The part of pdfkit (0.19) the renderers use. */
export interface PdfKitDoc {
  page: { width: number; height: number };
  addPage(options?: object): PdfKitDoc;
  registerFont(name: string, src: Buffer): PdfKitDoc;
  font(name: string): PdfKitDoc;
  fontSize(size: number): PdfKitDoc;
  fillColor(color: string): PdfKitDoc;
  strokeColor(color: string): PdfKitDoc;
  lineWidth(w: number): PdfKitDoc;
  text(s: string, x: number, y: number, options?: object): PdfKitDoc;
  widthOfString(s: string): number;
  rect(x: number, y: number, w: number, h: number): PdfKitDoc;
  moveTo(x: number, y: number): PdfKitDoc;
  lineTo(x: number, y: number): PdfKitDoc;
  fill(color?: string): PdfKitDoc;
  stroke(): PdfKitDoc;
  on(event: 'data', cb: (chunk: Buffer) => void): void;
  on(event: 'end' | 'error', cb: (e?: Error) => void): void;
  end(): void;
}
type PdfKitCtor = new (options?: object) => PdfKitDoc;

const require = createRequire(import.meta.url);
export const REGULAR = 'Roboto';
export const BOLD = 'Roboto-Medium';
let fonts: { regular: Buffer; bold: Buffer } | null = null;

/** Roboto (Cyrillic) from pdfmake's font folder; no URL or other disk access. */
function robotoFiles() {
  if (!fonts) {
    const dir = join(dirname(require.resolve('pdfmake/package.json')), 'fonts', 'Roboto');
    fonts = {
      regular: readFileSync(join(dir, 'Roboto-Regular.ttf')),
      bold: readFileSync(join(dir, 'Roboto-Medium.ttf')),
    };
  }
  return fonts;
}

/** mm (KGD template units) to PDF points */
export const MM = 72 / 25.4;

/**
 * A pdfkit document with Roboto registered, handed to `draw`, finished into a Buffer. Pages are written
 * out as soon as the next one starts (no buffering), so memory stays flat for long registers.
 */
export async function pdfDocument(title: string, draw: (pdf: PdfKitDoc) => void): Promise<Buffer> {
  // pdfkit as pdfmake (a declared dependency) brings it: the same copy pdfmake renders with
  const PDFDocument = createRequire(require.resolve('pdfmake'))('pdfkit') as PdfKitCtor;
  const pdf = new PDFDocument({
    autoFirstPage: false,
    margin: 0,
    // i18n-ignore: the product's name in the PDF's metadata
    info: { Title: title, Creator: 'Декларант', Producer: 'Декларант' },
  });
  const f = robotoFiles();
  pdf.registerFont(REGULAR, f.regular).registerFont(BOLD, f.bold);
  const chunks: Buffer[] = [];
  pdf.on('data', (c) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    pdf.on('end', () => resolve());
    pdf.on('error', (e) => reject(e));
  });
  draw(pdf);
  pdf.end();
  await done;
  return Buffer.concat(chunks);
}

/** Per font: advances (at size 1) by UTF-16 code below ADVANCE_CODES (NaN: not measured yet), then by character. */
const ADVANCE_CODES = 0x2100;
const advances = new Map<string, { byCode: Float64Array; byChar: Map<string, number> }>();

/**
 * Width of `s` in `font` at `size` from cached per-character advances (kerning ignored, a fraction of a
 * point): pdfkit's widthOfString shapes every string anew, which dominated long registers.
 */
export function textWidth(pdf: PdfKitDoc, font: string, size: number, s: string): number {
  let known = advances.get(font);
  if (!known) {
    known = { byCode: new Float64Array(ADVANCE_CODES).fill(Number.NaN), byChar: new Map() };
    advances.set(font, known);
  }
  const measure = (ch: string) => {
    pdf.font(font).fontSize(1000);
    const a = pdf.widthOfString(ch) / 1000;
    pdf.fontSize(size);
    return a;
  };
  let w = 0;
  for (let i = 0; i < s.length; i++) {
    const code = s.charCodeAt(i);
    if (code < ADVANCE_CODES) {
      let a = known.byCode[code]!;
      if (Number.isNaN(a)) {
        a = measure(s[i]!);
        known.byCode[code] = a;
      }
      w += a;
      continue;
    }
    // characters beyond (surrogate pairs included) by their code point
    const cp = s.codePointAt(i)!;
    const ch = String.fromCodePoint(cp);
    if (cp > 0xffff) i++;
    let a = known.byChar.get(ch);
    if (a === undefined) {
      a = measure(ch);
      known.byChar.set(ch, a);
    }
    w += a;
  }
  return w * size;
}

/** A glyph position as pdfkit's fonts give it (in 1/1000 of the font size). */
interface GlyphPos {
  xAdvance: number;
  yAdvance?: number;
  xOffset: number;
  yOffset: number;
  advanceWidth: number;
}
/** pdfkit's embedded font, the part drawText needs. */
interface KitFont {
  id: string;
  ascender: number;
  encode(text: string): [string[], GlyphPos[]];
  ref(): unknown;
}
/** pdfkit internals drawText writes through (the same ones its own text() uses). */
interface KitInternals {
  _font: KitFont;
  _fontSize: number;
  page: { height: number; fonts: Record<string, unknown> };
  save(): unknown;
  restore(): unknown;
  transform(a: number, b: number, c: number, d: number, e: number, f: number): unknown;
  addContent(s: string): unknown;
}

/** pdfkit's number format for content streams */
export const num = (n: number) => Math.round(n * 1e6) / 1e6;

/** Characters of numbers, dates and codes: shaped one by one when no pair of them kerns or ligates. */
const PLAIN = /^[0-9 ,.:\-/]+$/;

/** Per font: the TJ operator of strings drawn before, and which character pairs shape independently. */
interface FontCache {
  tj: Map<string, string | null>;
  glyph: Map<string, string | null>;
  pair: Map<string, boolean>;
}
const fontCaches = new WeakMap<KitFont, FontCache>();
/** distinct strings kept per font before the cache starts over (long registers have mostly unique amounts) */
const TJ_CACHE_MAX = 20_000;

const noShift = (p: GlyphPos) => !p.xOffset && !p.yOffset && p.xAdvance === p.advanceWidth;

/** The TJ operator for `text` as pdfkit's _fragment writes it, or null when a glyph is shifted (then pdfkit draws). */
function tjOf(encoded: string[], positions: GlyphPos[]): string | null {
  const commands: string[] = [];
  let last = 0;
  const segment = (cur: number) => {
    if (last < cur) {
      const p = positions[cur - 1]!;
      commands.push(`<${encoded.slice(last, cur).join('')}> ${num(-(p.xAdvance - p.advanceWidth))}`);
    }
    last = cur;
  };
  for (let i = 0; i < positions.length; i++) {
    const p = positions[i]!;
    if (p.xOffset || p.yOffset) return null;
    if (p.xAdvance - p.advanceWidth !== 0) segment(i + 1);
  }
  segment(positions.length);
  return commands.length ? `[${commands.join(' ')}] TJ` : '';
}

/** The glyph of one character when it shapes alone to one unshifted glyph. */
function glyphOf(font: KitFont, c: FontCache, ch: string): string | null {
  let g = c.glyph.get(ch);
  if (g === undefined) {
    const [enc, pos] = font.encode(ch);
    g = enc.length === 1 && pos[0] && noShift(pos[0]) ? enc[0]! : null;
    c.glyph.set(ch, g);
  }
  return g;
}

/** Whether `a` followed by `b` shapes as the two glyphs alone (no kerning, ligature or mark). */
function independent(font: KitFont, c: FontCache, a: string, b: string): boolean {
  const key = a + b;
  let ok = c.pair.get(key);
  if (ok === undefined) {
    const [enc, pos] = font.encode(key);
    ok = enc.length === 2 && enc[0] === c.glyph.get(a) && enc[1] === c.glyph.get(b) && pos.every(noShift);
    c.pair.set(key, ok);
  }
  return ok;
}

/** Numbers, dates and codes from their characters' glyphs, when every adjacent pair is independent. */
function plainTj(font: KitFont, c: FontCache, text: string): string | null {
  let hex = '';
  let prev = '';
  for (const ch of text) {
    const g = glyphOf(font, c, ch);
    if (g === null) return null;
    if (prev && !independent(font, c, prev, ch)) return null;
    hex += g;
    prev = ch;
  }
  return `[<${hex}> 0] TJ`;
}

function cachedTj(font: KitFont, text: string): string | null {
  let c = fontCaches.get(font);
  if (!c) {
    c = { tj: new Map(), glyph: new Map(), pair: new Map() };
    fontCaches.set(font, c);
  }
  if (PLAIN.test(text)) {
    const plain = plainTj(font, c, text);
    if (plain !== null) return plain;
  }
  let tj = c.tj.get(text);
  if (tj === undefined) {
    const [encoded, positions] = font.encode(text);
    tj = tjOf(encoded, positions);
    if (c.tj.size >= TJ_CACHE_MAX) c.tj.clear();
    c.tj.set(text, tj);
  }
  return tj;
}

/**
 * The content-stream operators of `pdf.text(s, x, y, { lineBreak: false })` in the current font and size,
 * exactly as pdfkit writes them, without its per-call option handling and reshaping: a string drawn before
 * reuses its glyphs, and numbers and dates are put together from their characters' glyphs (only where the
 * font has no kerning or ligature between them, so the glyphs are pdfkit's own). '' draws nothing; null
 * means pdfkit must draw it (a line break or a shifted glyph).
 */
export function textOperators(pdf: PdfKitDoc, s: string, x: number, y: number): string | null {
  if (!s) return '';
  const kit = pdf as unknown as KitInternals;
  const font = kit._font;
  const tj = s.includes('\n') ? null : cachedTj(font, s);
  if (tj === null) return null;
  const size = kit._fontSize;
  const h = kit.page.height;
  const baseline = h - y - (font.ascender / 1000) * size;
  if (kit.page.fonts[font.id] == null) kit.page.fonts[font.id] = font.ref();
  // save, flip to top-down coordinates, the text object, restore: pdfkit's _fragment, operator for operator
  const show = tj ? `\n${tj}` : '';
  return `q\n1 0 0 -1 0 ${num(h)} cm\nBT\n1 0 0 1 ${num(x)} ${num(baseline)} Tm\n/${font.id} ${num(size)} Tf${show}\nET\nQ`;
}

/** Appends operators (joined by line breaks, as pdfkit writes one per line) to the current page. */
export function writeOperators(pdf: PdfKitDoc, ops: string): void {
  if (ops) (pdf as unknown as KitInternals).addContent(ops);
}

/** `pdf.text(s, x, y, { lineBreak: false })`, faster (see textOperators). */
export function drawText(pdf: PdfKitDoc, s: string, x: number, y: number): void {
  const ops = textOperators(pdf, s, x, y);
  if (ops === null) pdf.text(s, x, y, { lineBreak: false });
  else writeOperators(pdf, ops);
}
