import { type ColumnDef, column, SECTION_COLUMNS } from '../columns.ts';
import { dealDate, grouped, text, trimmed } from '../format.ts';
import type { DocumentDeal } from '../types.ts';
import type { PdfKitDoc } from './engine.ts';

/**
 * Section tables drawn straight onto the pdfkit document: fixed column widths, greedy word
 * wrap and manual page breaks. pdfmake's table layout keeps every cell of the document in
 * memory (over 500 MB for 20 000 deals); this writer keeps none.
 */

export const PAGE = { width: 595.28, height: 841.89, left: 36, right: 36, top: 36, bottom: 44 };
const FONT_SIZE = 7;
const LINE = 8.6;
const PAD_X = 2;
const PAD_Y = 1.5;
const GREY = '#777777';

type Align = 'left' | 'right';
interface Col {
  x: number;
  w: number;
  align: Align;
}

export interface SectionBlock {
  title: string;
  note: string;
  code: keyof typeof SECTION_COLUMNS;
  deals: DocumentDeal[];
}

function cellText(col: ColumnDef, v: unknown): string {
  switch (col.kind) {
    case 'money':
      return grouped(v, 2);
    case 'number':
      return trimmed(v);
    case 'date':
      return dealDate(v);
    case 'flag':
      return v === true ? 'Да' : v === false ? 'Нет' : '';
    default:
      return text(v);
  }
}

class TableWriter {
  private y = PAGE.top;
  /** table pages started so far */
  pages = 0;
  /** measuring pass: advance y and count pages, draw nothing */
  dry = false;
  /** footer of table pages: text and the page number of the first table page */
  footer = { left: '', first: 1, total: 1 };
  private readonly regular: unknown;
  private readonly bold: unknown;

  constructor(private readonly pdf: PdfKitDoc) {
    this.regular = pdf.provideFont('Roboto', false, false);
    this.bold = pdf.provideFont('Roboto', true, false);
  }

  private font(bold: boolean, size: number) {
    this.pdf._font = bold ? this.bold : this.regular;
    this.pdf.fontSize(size);
  }

  private newPage() {
    if (!this.dry) {
      this.finishPage();
      this.pdf.addPage({ size: 'A4', margin: 0 });
    }
    this.pages++;
    this.y = PAGE.top;
  }

  /** Footer of the current table page, then write it out so memory stays flat. */
  finishPage() {
    if (this.dry || this.pages === 0) return;
    this.footerOn(this.footer.first + this.pages - 1);
    this.pdf.flushPages();
  }

  private footerOn(page: number) {
    this.font(false, 7);
    const y = PAGE.height - 28;
    const right = `Страница ${page} из ${this.footer.total}`;
    this.pdf.fillColor('black').text(this.footer.left, PAGE.left, y, { lineBreak: false });
    this.pdf.text(right, PAGE.width - PAGE.right - this.pdf.widthOfString(right), y, { lineBreak: false });
  }

  /** Footers of the pages pdfmake laid out (still buffered). */
  leadingFooters() {
    const range = this.pdf.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i++) {
      this.pdf.switchToPage(i);
      this.footerOn(i + 1);
    }
    this.pdf.flushPages();
  }

  /** Greedy word wrap; words longer than the cell are cut by characters. */
  private wrap(s: string, width: number): string[] {
    if (!s) return [''];
    if (this.pdf.widthOfString(s) <= width) return [s];
    const lines: string[] = [];
    let cur = '';
    for (const word of s.split(/\s+/)) {
      const next = cur ? `${cur} ${word}` : word;
      if (this.pdf.widthOfString(next) <= width) {
        cur = next;
        continue;
      }
      if (cur) lines.push(cur);
      cur = word;
      while (this.pdf.widthOfString(cur) > width && cur.length > 1) {
        let cut = cur.length - 1;
        while (cut > 1 && this.pdf.widthOfString(cur.slice(0, cut)) > width) cut--;
        lines.push(cur.slice(0, cut));
        cur = cur.slice(cut);
      }
    }
    if (cur) lines.push(cur);
    return lines;
  }

  private measure(cells: string[], cols: Col[], bold: boolean): { wrapped: string[][]; h: number } {
    this.font(bold, FONT_SIZE);
    const wrapped = cells.map((c, i) => this.wrap(c, (cols[i]?.w ?? 0) - 2 * PAD_X));
    return { wrapped, h: Math.max(...wrapped.map((l) => l.length)) * LINE + 2 * PAD_Y };
  }

  private row(cells: string[], cols: Col[], bold: boolean, fill?: string, pre = this.measure(cells, cols, bold)) {
    const { wrapped, h } = pre;
    if (this.dry) {
      this.y += h;
      return;
    }
    this.font(bold, FONT_SIZE);
    const x0 = PAGE.left;
    const x1 = PAGE.width - PAGE.right;
    if (fill) this.pdf.rect(x0, this.y, x1 - x0, h).fill(fill);
    this.pdf.fillColor('black');
    wrapped.forEach((lines, i) => {
      const col = cols[i];
      if (!col) return;
      lines.forEach((line, n) => {
        if (!line) return;
        const x = col.align === 'right' ? col.x + col.w - PAD_X - this.pdf.widthOfString(line) : col.x + PAD_X;
        this.pdf.text(line, x, this.y + PAD_Y + n * LINE, { lineBreak: false });
      });
    });
    this.pdf.lineWidth(0.4).strokeColor(GREY);
    this.pdf.rect(x0, this.y, x1 - x0, h);
    for (const col of cols.slice(1)) this.pdf.moveTo(col.x, this.y).lineTo(col.x, this.y + h);
    this.pdf.stroke();
    this.y += h;
  }

  section(block: SectionBlock) {
    this.newPage();
    if (!this.dry) {
      this.font(true, 11);
      this.pdf.fillColor('black').text(block.title, PAGE.left, this.y, { lineBreak: false });
      this.font(false, 8);
      this.pdf.fillColor('#444444').text(block.note, PAGE.left, this.y + 16, { lineBreak: false });
    }
    this.y += 30;

    const defs = SECTION_COLUMNS[block.code].map(column);
    const width = PAGE.width - PAGE.left - PAGE.right;
    const rest = (width - 22) / defs.length;
    const cols: Col[] = [{ x: PAGE.left, w: 22, align: 'left' }];
    defs.forEach((d, i) => {
      cols.push({
        x: PAGE.left + 22 + i * rest,
        w: rest,
        align: d.kind === 'money' || d.kind === 'number' ? 'right' : 'left',
      });
    });
    const head = ['№', ...defs.map((d) => d.label)];
    const headCols = cols.map((c) => ({ ...c, align: 'left' as Align }));
    this.row(head, headCols, true, '#eeeeee');
    const bottom = PAGE.height - PAGE.bottom;
    block.deals.forEach((deal, i) => {
      const cells = [String(i + 1), ...defs.map((d) => cellText(d, deal[d.key]))];
      const m = this.measure(cells, cols, false);
      if (this.y + m.h > bottom) {
        this.newPage();
        this.row(head, headCols, true, '#eeeeee');
      }
      this.row(cells, cols, false, undefined, m);
    });
  }
}

/**
 * Numbers the pdfmake pages and appends the section tables page by page ('Страница N из M').
 * A measuring pass counts the table pages first, so every page can be written out at once.
 */
export function drawTablesAndFooters(pdf: PdfKitDoc, blocks: SectionBlock[], footer: string): void {
  const w = new TableWriter(pdf);
  w.dry = true;
  for (const b of blocks) w.section(b);
  const lead = pdf.bufferedPageRange().count;
  w.footer = { left: footer, first: lead + 1, total: lead + w.pages };
  w.dry = false;
  w.pages = 0;
  w.leadingFooters();
  for (const b of blocks) w.section(b);
  w.finishPage();
}
