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

const advances = new Map<string, Map<string, number>>();

/**
 * Width of `s` in `font` at `size` from cached per-character advances (kerning ignored, a fraction of a
 * point): pdfkit's widthOfString shapes every string anew, which dominated long registers.
 */
export function textWidth(pdf: PdfKitDoc, font: string, size: number, s: string): number {
  let map = advances.get(font);
  if (!map) {
    map = new Map();
    advances.set(font, map);
  }
  let w = 0;
  for (const ch of s) {
    let a = map.get(ch);
    if (a === undefined) {
      pdf.font(font).fontSize(1000);
      a = pdf.widthOfString(ch) / 1000;
      pdf.fontSize(size);
      map.set(ch, a);
    }
    w += a;
  }
  return w * size;
}
