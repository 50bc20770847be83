import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** The pdfkit document pdfmake renders into (only what the table writer uses). */
export interface PdfKitDoc {
  page: { width: number; height: number };
  _font: unknown;
  provideFont(family: string, bold: boolean, italics: boolean): unknown;
  addPage(options?: object): PdfKitDoc;
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
  bufferedPageRange(): { start: number; count: number };
  switchToPage(n: number): void;
  flushPages(): void;
  on(event: 'data', cb: (chunk: Buffer) => void): void;
  on(event: 'end' | 'error', cb: (e?: Error) => void): void;
  end(): void;
}

/** The part of pdfmake 0.3's Node API (js/index.js: a singleton with createPdf) used here. */
interface PdfMakeServer {
  virtualfs: { writeFileSync(name: string, content: Buffer): void; existsSync(name: string): boolean };
  setFonts(fonts: Record<string, Record<'normal' | 'bold' | 'italics' | 'bolditalics', string>>): void;
  setUrlAccessPolicy(cb: (url: string) => boolean): void;
  setLocalAccessPolicy(cb: (path: string) => boolean): void;
  createPdf(doc: object, options?: object): { getStream(): Promise<PdfKitDoc> };
}

const require = createRequire(import.meta.url);
let engine: PdfMakeServer | null = null;

const FONT_FILES = {
  normal: 'Roboto-Regular.ttf',
  bold: 'Roboto-Medium.ttf',
  italics: 'Roboto-Italic.ttf',
  bolditalics: 'Roboto-MediumItalic.ttf',
} as const;

/** pdfmake with Roboto (Cyrillic) from pdfmake/fonts loaded into its virtual FS; no URL or disk access. */
function load(): PdfMakeServer {
  if (engine) return engine;
  const pm = require('pdfmake') as PdfMakeServer;
  const dir = join(dirname(require.resolve('pdfmake/package.json')), 'fonts', 'Roboto');
  const fonts = {} as Record<keyof typeof FONT_FILES, string>;
  for (const [style, file] of Object.entries(FONT_FILES) as [keyof typeof FONT_FILES, string][]) {
    const name = `deklarant-${file}`;
    if (!pm.virtualfs.existsSync(name)) pm.virtualfs.writeFileSync(name, readFileSync(join(dir, file)));
    fonts[style] = name;
  }
  pm.setFonts({ Roboto: fonts });
  pm.setUrlAccessPolicy(() => false);
  pm.setLocalAccessPolicy(() => false);
  engine = pm;
  return pm;
}

/**
 * Lays out `definition` with pdfmake, then hands the still-open pdfkit document to `more`
 * (bulk tables, footers) before finishing it into a Buffer. pdfmake's pages stay buffered
 * until `more` has numbered them.
 */
export async function pdfBuffer(definition: object, more: (pdf: PdfKitDoc) => void): Promise<Buffer> {
  const pdf = await load().createPdf(definition, { bufferPages: true }).getStream();
  const chunks: Buffer[] = [];
  pdf.on('data', (c) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    pdf.on('end', () => resolve());
    pdf.on('error', (e) => reject(e));
  });
  more(pdf);
  pdf.end();
  await done;
  return Buffer.concat(chunks);
}
