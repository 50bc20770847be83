import { ColumnSurvey, fitColumns } from './column-widths.ts';
import { BOLD, num, type PdfKitDoc, REGULAR, textOperators, textWidth, writeOperators } from './kit.ts';

/**
 * Register tables (the deals behind each line) drawn straight onto the pdfkit document: column widths from
 * the content (column-widths.ts), greedy word wrap and manual page breaks; nothing is kept once a page is written.
 */

/** registers print on landscape A4: every filled column fits */
export const PAGE = { width: 841.89, height: 595.28, left: 36, right: 36, top: 36, bottom: 44 };
const FONT_SIZE = 7;
const LINE = 8.6;
const PAD_X = 2;
const PAD_Y = 1.5;
const GREY = '#777777';

export type Align = 'left' | 'right';
interface Col {
  x: number;
  w: number;
  align: Align;
}

/** One register table: its heading, column heads, and the cells of row i (computed when drawn). */
export interface TableBlock {
  title: string;
  note: string;
  /** a second line under the note: the values every row shares, printed once instead of in a column */
  common?: string;
  head: string[];
  align: Align[];
  /** relative column widths; without them the widths follow the content */
  weights?: number[];
  count: number;
  cells(i: number): string[];
}

export class TableWriter {
  private y = PAGE.top;
  /** table pages started so far */
  pages = 0;
  /** measuring pass: advance y and count pages, draw nothing */
  dry = false;
  /** page footer: `text(n)` for the n-th table page */
  footer: (n: number) => string = () => '';

  constructor(private readonly pdf: PdfKitDoc) {}

  private cur = { font: REGULAR, size: FONT_SIZE };
  private readonly heights = new Map<TableBlock, Float64Array>();
  private readonly layouts = new Map<TableBlock, { widths: number[]; scale: number }>();
  /** the current table's font size and line height (a wide table prints smaller) */
  private size = FONT_SIZE;
  private line = LINE;

  private font(bold: boolean, size: number) {
    this.cur = { font: bold ? BOLD : REGULAR, size };
    this.pdf.font(this.cur.font).fontSize(size);
  }

  /** Width in the current font and size (cached character advances, see kit.ts). */
  private width(s: string): number {
    return textWidth(this.pdf, this.cur.font, this.cur.size, s);
  }

  private newPage() {
    this.pages++;
    this.y = PAGE.top;
    if (this.dry) return;
    this.pdf.addPage({ size: 'A4', layout: 'landscape', margin: 0 });
    this.font(false, 7);
    const text = this.footer(this.pages);
    this.pdf.fillColor('black').text(text, PAGE.left, PAGE.height - 28, { lineBreak: false });
  }

  /** Greedy word wrap; words longer than the cell are cut by characters (with a hyphen between letters). */
  private wrap(s: string, width: number): string[] {
    if (!s) return [''];
    if (this.width(s) <= width) return [s];
    const lines: string[] = [];
    let cur = '';
    for (const word of s.split(/\s+/)) {
      const next = cur ? `${cur} ${word}` : word;
      if (this.width(next) <= width) {
        cur = next;
        continue;
      }
      if (cur) lines.push(cur);
      cur = word;
      while (this.width(cur) > width && cur.length > 1) {
        let cut = cur.length - 1;
        const piece = (n: number) => (LETTERS.test(cur.slice(n - 1, n + 1)) ? `${cur.slice(0, n)}-` : cur.slice(0, n));
        while (cut > 1 && this.width(piece(cut)) > width) cut--;
        lines.push(piece(cut));
        cur = cur.slice(cut);
      }
    }
    if (cur) lines.push(cur);
    return lines;
  }

  private measure(cells: string[], cols: Col[], bold: boolean): { wrapped: string[][]; h: number } {
    this.font(bold, this.size);
    const wrapped = cells.map((c, i) => this.wrap(c, (cols[i]?.w ?? 0) - 2 * PAD_X));
    return { wrapped, h: Math.max(...wrapped.map((l) => l.length)) * this.line + 2 * PAD_Y };
  }

  private row(cells: string[], cols: Col[], bold: boolean, fill?: string, pre = this.measure(cells, cols, bold)) {
    const { wrapped, h } = pre;
    if (this.dry) {
      this.y += h;
      return;
    }
    this.font(bold, this.size);
    const x0 = PAGE.left;
    const x1 = PAGE.width - PAGE.right;
    if (fill) this.pdf.rect(x0, this.y, x1 - x0, h).fill(fill);
    this.pdf.fillColor('black');
    // one write for the row's texts and one for its lines (the operators pdfkit's text/rect/lineTo write)
    const ops: string[] = [];
    wrapped.forEach((lines, i) => {
      const col = cols[i];
      if (!col) return;
      lines.forEach((line, n) => {
        if (!line) return;
        const x = col.align === 'right' ? col.x + col.w - PAD_X - this.width(line) : col.x + PAD_X;
        const y = this.y + PAD_Y + n * this.line;
        const op = textOperators(this.pdf, line, x, y);
        if (op !== null) {
          if (op) ops.push(op);
          return;
        }
        writeOperators(this.pdf, ops.join('\n'));
        ops.length = 0;
        this.pdf.text(line, x, y, { lineBreak: false });
      });
    });
    writeOperators(this.pdf, ops.join('\n'));
    this.pdf.lineWidth(0.4).strokeColor(GREY);
    const [top, bottom] = [num(this.y), num(this.y + h)];
    const grid = [`${num(x0)} ${top} ${num(x1 - x0)} ${num(h)} re`];
    for (const col of cols.slice(1)) grid.push(`${num(col.x)} ${top} m`, `${num(col.x)} ${bottom} l`);
    grid.push('S');
    writeOperators(this.pdf, grid.join('\n'));
    this.y += h;
  }

  table(block: TableBlock, newPage = true) {
    if (newPage || this.pages === 0) this.newPage();
    else this.y += 14;
    if (!this.dry) {
      this.font(true, 11);
      this.pdf.fillColor('black').text(block.title, PAGE.left, this.y, { lineBreak: false });
      this.font(false, 8);
      this.pdf.fillColor('#444444').text(block.note, PAGE.left, this.y + 16, { lineBreak: false });
      if (block.common) this.pdf.text(block.common, PAGE.left, this.y + 27, { lineBreak: false });
    }
    this.y += block.common ? 41 : 30;
    const { widths, scale } = this.layout(block);
    this.size = FONT_SIZE * scale;
    this.line = LINE * scale;
    let x = PAGE.left;
    const cols: Col[] = widths.map((w, i) => {
      const c = { x, w, align: block.align[i] ?? 'left' };
      x += c.w;
      return c;
    });
    const headCols = cols.map((c) => ({ ...c, align: 'left' as Align }));
    this.row(block.head, headCols, true, '#eeeeee');
    const bottom = PAGE.height - PAGE.bottom;
    // the measuring pass keeps each row's height; a one-line row needs no second wrap
    let heights = this.heights.get(block);
    if (!heights) {
      heights = new Float64Array(block.count);
      this.heights.set(block, heights);
    }
    const oneLine = this.line + 2 * PAD_Y;
    for (let i = 0; i < block.count; i++) {
      const cells = block.cells(i);
      const m =
        !this.dry && heights[i] === oneLine
          ? { wrapped: cells.map((c) => [c]), h: oneLine }
          : this.measure(cells, cols, false);
      if (this.dry) heights[i] = m.h;
      if (this.y + m.h > bottom) {
        this.newPage();
        this.row(block.head, headCols, true, '#eeeeee');
      }
      this.row(cells, cols, false, undefined, m);
    }
  }

  /** The block's column widths and font scale: from its weights, else from every cell (once per block). */
  private layout(block: TableBlock): { widths: number[]; scale: number } {
    const known = this.layouts.get(block);
    if (known) return known;
    const width = PAGE.width - PAGE.left - PAGE.right;
    let out: { widths: number[]; scale: number };
    if (block.weights) {
      const total = block.weights.reduce((a, b) => a + b, 0);
      out = { widths: block.weights.map((wt) => (width * wt) / total), scale: 1 };
    } else {
      const measure = (s: string, bold: boolean) => textWidth(this.pdf, bold ? BOLD : REGULAR, FONT_SIZE, s);
      const survey = new ColumnSurvey(
        measure,
        block.align.map((a) => a === 'right'),
        block.head,
      );
      for (let i = 0; i < block.count; i++) survey.add(block.cells(i));
      // the padding of both sides and a hair for rounding, so a measured cell still fits its column
      out = fitColumns(survey.needs, width, 2 * PAD_X + 0.5);
    }
    this.layouts.set(block, out);
    return out;
  }
}

/** Two letters on either side of a cut: the cut gets a hyphen (not inside numbers or codes). */
const LETTERS = /^\p{L}\p{L}$/u;
