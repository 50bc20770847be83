import type { Language } from '@deklarant/i18n';
import { translator } from '@deklarant/i18n/node';
import { documentTexts, type Texts } from '../i18n.ts';
import type { FormTemplate, TemplateField, TemplatePage } from '../template/model.ts';
import type { FnoDocument, FnoField, FnoForm } from '../xml/model.ts';
import { BOLD, drawText, MM, type PdfKitDoc, REGULAR, textWidth } from './kit.ts';

/** Fields every page repeats: they do not make an appendix worth printing. */
const REPEATED = new Set(['iin', 'period_year', 'page_number']);

/** One printed page: a template page with the values of one form copy (and its slice of rows). */
export interface FormPage {
  page: TemplatePage;
  values: Map<string, string>;
  rows: Map<string, string>[];
  /** printed under the page (e.g. that further copies are left to the register) */
  note?: string;
}

/**
 * Copies of one appendix printed at most: a 20 000-deal declaration would otherwise print thousands of
 * 270.04 pages, all of them repeated row by row in the register that follows (and complete in the XML).
 */
export const MAX_PRINTED_COPIES = 40;

const hasContent = (f: FnoForm) =>
  f.sheets.some((s) => s.fields.some(([n, v]) => v !== '' && !REPEATED.has(n)) || !!s.rows?.length);

/**
 * The pages to print: the main form always, each appendix copy that has content, and of these the pages
 * that have fields; a page whose rows
 * outnumber the template's row slots is repeated for the rest of the rows.
 */
export function formPages(t: FormTemplate, fno: FnoDocument, x: Texts = documentTexts()): FormPage[] {
  const out: FormPage[] = [];
  const copies = new Map<string, number>();
  const total = new Map<string, number>();
  for (const f of fno.forms) total.set(f.name, (total.get(f.name) ?? 0) + 1);
  for (const form of fno.forms) {
    const tf = t.forms.find((f) => f.name === form.name);
    if (!tf || (!tf.main && !hasContent(form))) continue;
    const n = (copies.get(form.name) ?? 0) + 1;
    copies.set(form.name, n);
    if (n > MAX_PRINTED_COPIES) continue;
    const all = total.get(form.name) ?? 1;
    const note = n === MAX_PRINTED_COPIES && all > n ? x.t('pdf.copiesCut', { n, code: tf.code, all }) : undefined;
    for (const sheet of form.sheets) {
      const page = tf.pages.find((p) => p.name === sheet.name);
      // a page with nothing to fill (our 270.00 page 2 mirrors an XML sheet that is always empty) is not printed
      if (!page || (!page.fields.length && !page.rows.length)) continue;
      const values = new Map<string, string>(sheet.fields as FnoField[]);
      const rows = (sheet.rows ?? []).map((r) => new Map<string, string>(r as FnoField[]));
      const slots = page.rows.length;
      const extra = note ? { note } : {};
      if (!slots || rows.length <= slots) out.push({ page, values, rows, ...extra });
      else for (let i = 0; i < rows.length; i += slots) out.push({ page, values, rows: rows.slice(i, i + slots) });
    }
  }
  return out;
}

const isOn = (v: string | undefined) => v === 'true' || v === '1';

/**
 * Text drawing without pdfkit's line wrapper (a `width` option sends every string through it, which is
 * slow on hundreds of repeated pages): lines are placed and cut here.
 */
/** The font and size last set on the document (textWidth needs them). */
const pen = { font: REGULAR, size: 8 };
function setFont(pdf: PdfKitDoc, font: string, size: number) {
  pen.font = font;
  pen.size = size;
  pdf.font(font).fontSize(size);
}
const widthOf = (pdf: PdfKitDoc, s: string) => textWidth(pdf, pen.font, pen.size, s);

function put(pdf: PdfKitDoc, s: string, x: number, y: number, w: number, align: 'left' | 'center' | 'right') {
  const tw = widthOf(pdf, s);
  const dx = align === 'center' ? (w - tw) / 2 : align === 'right' ? w - tw : 0;
  drawText(pdf, s, x + Math.max(0, dx), y);
}

/** The longest start of `s` (whole words when possible) that fits `w`; '…' marks a cut. */
function fit(pdf: PdfKitDoc, s: string, w: number): string {
  if (widthOf(pdf, s) <= w) return s;
  let cut = s.length - 1;
  while (cut > 0 && widthOf(pdf, `${s.slice(0, cut)}…`) > w) cut--;
  return cut > 0 ? `${s.slice(0, cut)}…` : '';
}

/** Greedy word wrap into at most `max` lines of width `w`; the last line is cut with '…'. */
function wrapLines(pdf: PdfKitDoc, s: string, w: number, max: number): string[] {
  const words = s.split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let cur = '';
  for (let i = 0; i < words.length; i++) {
    const next = cur ? `${cur} ${words[i]}` : (words[i] ?? '');
    if (widthOf(pdf, next) <= w || !cur) {
      cur = next;
      continue;
    }
    if (lines.length === max - 1) {
      lines.push(fit(pdf, `${cur} ${words.slice(i).join(' ')}`, w));
      return lines;
    }
    lines.push(cur);
    cur = words[i] ?? '';
  }
  if (cur) lines.push(fit(pdf, cur, w));
  return lines;
}

/**
 * The languages of the form's own labels: the official forms are bilingual, Kazakh and Russian, and a KGD
 * template carries both (its *_loc.xml: <rus> and <kaz>). A Kazakh document prints the Kazakh label where the
 * template has one (else the Russian one); Russian and English documents print the Russian labels, because
 * English is not a language of the official form: the register pages that follow are in English.
 */
export type LabelLanguage = 'ru' | 'kk';
export const labelLanguage = (lang: Language): LabelLanguage => (lang === 'kk' ? 'kk' : 'ru');

function labelOf(t: FormTemplate, code: string, lang: LabelLanguage): string | undefined {
  if (lang === 'kk') {
    const kk = t.kazakhLabels?.get(code)?.trim();
    if (kk) return kk;
  }
  return t.labels.get(code)?.trim();
}

/** The printed texts of a page, already wrapped: computed once per template page, replayed on every copy. */
interface TextOp {
  text: string;
  x: number;
  y: number;
  size: number;
  bold: boolean;
}
const layouts: Record<LabelLanguage, WeakMap<TemplatePage, TextOp[]>> = { ru: new WeakMap(), kk: new WeakMap() };

function textOps(pdf: PdfKitDoc, t: FormTemplate, page: TemplatePage, lang: LabelLanguage): TextOp[] {
  const known = layouts[lang].get(page);
  if (known) return known;
  const ops: TextOp[] = [];
  for (const tx of page.texts) {
    const label = labelOf(t, tx.code, lang);
    if (!label) continue;
    const size = Math.max(4.5, tx.fontSize * 0.85);
    const bold = tx.bold;
    setFont(pdf, bold ? BOLD : REGULAR, size);
    const w = Math.max(2, tx.width * MM);
    const lead = size * 1.15;
    const max = Math.max(1, Math.floor((tx.height * MM + 1) / lead));
    wrapLines(pdf, label.replace(/\s+/g, ' '), w, max).forEach((line, n) => {
      const tw = widthOf(pdf, line);
      const dx = tx.align === 'center' ? (w - tw) / 2 : tx.align === 'right' ? w - tw : 0;
      ops.push({ text: line, x: tx.x * MM + Math.max(0, dx), y: tx.y * MM + n * lead, size, bold });
    });
  }
  layouts[lang].set(page, ops);
  return ops;
}

function drawField(pdf: PdfKitDoc, f: TemplateField, value: string) {
  const x = f.x * MM;
  const y = f.y * MM;
  const w = f.width * MM;
  const h = f.height * MM;
  const type = f.type.toUpperCase();
  if (type === 'BARCODE' || w <= 0 || h <= 0) return;
  pdf.lineWidth(0.5).strokeColor('#333333');
  if (type === 'CHECKBOX' || type === 'TCHECKBOX' || type === 'RADIO') {
    pdf.rect(x, y, w, h).stroke();
    if (isOn(value)) {
      pdf
        .font(BOLD)
        .fontSize(Math.min(10, h * 0.95))
        .fillColor('black');
      put(pdf, 'X', x, y + h * 0.08, w, 'center');
    }
    return;
  }
  const size = Math.max(5, Math.min(9, h * 0.72));
  setFont(pdf, REGULAR, size);
  pdf.fillColor('black');
  const ty = y + (h - size) / 2;
  if (f.comb && f.length && f.length <= 60) {
    const bw = w / f.length;
    for (let i = 0; i < f.length; i++) pdf.rect(x + i * bw, y, bw, h);
    pdf.stroke();
    const chars = [...value].slice(0, f.length);
    // numbers sit in the last boxes (right-aligned), text from the first one
    const first = type === 'NUMERIC' ? f.length - chars.length : 0;
    chars.forEach((c, i) => {
      put(pdf, c, x + (first + i) * bw, ty, bw, 'center');
    });
    return;
  }
  pdf.lineWidth(0.3).strokeColor('#999999').rect(x, y, w, h).stroke();
  if (value) put(pdf, fit(pdf, value, w - 2), x + 1, ty, w - 2, 'left');
}

/** Draws one page as the template prints it (rectangles, texts with their labels) and fills the values. */
export function drawFormPage(
  pdf: PdfKitDoc,
  t: FormTemplate,
  fp: FormPage,
  footer: string,
  lang: LabelLanguage = 'ru',
): void {
  const { page } = fp;
  pdf.addPage({ size: [page.width * MM, page.height * MM], margin: 0 });
  for (const r of page.rects) {
    const [x, y, w, h] = [r.x * MM, r.y * MM, r.width * MM, r.height * MM];
    if (r.fill && r.fill !== '#ffffff') pdf.rect(x, y, w, h).fill(r.fill);
    if (r.border && r.borderWidth > 0) {
      pdf
        .lineWidth(Math.min(1.2, Math.max(0.3, r.borderWidth * 1.2)))
        .strokeColor(r.border)
        .rect(x, y, w, h)
        .stroke();
    }
  }
  pdf.fillColor('black');
  let bold: boolean | null = null;
  let size = 0;
  for (const op of textOps(pdf, t, page, lang)) {
    if (op.bold !== bold || op.size !== size) {
      setFont(pdf, op.bold ? BOLD : REGULAR, op.size);
      bold = op.bold;
      size = op.size;
    }
    pdf.fillColor('black');
    drawText(pdf, op.text, op.x, op.y);
  }
  // The XML keeps the tax authority's Russian values; a Kazakh page prints those our catalogues name («Покупка»,
  // an operation type) in Kazakh. Names and numbers are not catalogue texts and print as written.
  const shown = (v: string) => (lang === 'kk' && /[а-яё]/i.test(v) ? translator().localize('kk', v) : v);
  for (const f of page.fields) drawField(pdf, f, shown(fp.values.get(f.name) ?? ''));
  page.rows.forEach((slot, i) => {
    const row = fp.rows[i];
    for (const f of slot) drawField(pdf, f, shown(row?.get(f.name) ?? ''));
  });
  pdf.font(REGULAR).fontSize(6.5).fillColor('#444444');
  pdf.text(footer, 10 * MM, page.height * MM - 4 * MM, { lineBreak: false });
  if (fp.note)
    pdf
      .font(BOLD)
      .fontSize(8)
      .fillColor('black')
      .text(fp.note, 10 * MM, page.height * MM - 9 * MM, { lineBreak: false });
}
