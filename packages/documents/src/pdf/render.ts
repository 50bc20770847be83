import { FORM_CODES, SECTIONS } from '@deklarant/contracts';
import { allColumns, type ColumnDef } from '../columns.ts';
import { countedDeals } from '../deals.ts';
import { dealDate, grouped, text, trimmed } from '../format.ts';
import type { FnoCode } from '../forms/uncertain.ts';
import { indicatorLabel } from '../indicators.ts';
import type { FormTemplate } from '../template/model.ts';
import { templateFor } from '../template/registry.ts';
import type { DeclarationDocument, DocumentDeal } from '../types.ts';
import { assertRenderable } from '../validate-input.ts';
import type { FnoDocument } from '../xml/model.ts';
import { buildFno } from '../xml/render.ts';
import { drawFormPage, formPages } from './form-pages.ts';
import { pdfDocument } from './kit.ts';
import { type TableBlock, TableWriter } from './tables.ts';

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

/** Numbered sections (I.A, II, ...) print as 'Раздел II. ...'; the others by title only. */
const numbered = (tile: string) => /^[IVX.ABC0-9-]+$/.test(tile);
const sectionTitle = (tile: string, title: string) => (numbered(tile) ? `Раздел ${tile}. ${title}` : title);

/** The registers: one table per section with deals, every column the engine filled. */
export function registerBlocks(doc: DeclarationDocument): TableBlock[] {
  return SECTIONS.map((s) => ({ s, deals: countedDeals(doc, s.key) }))
    .filter((x) => x.deals.length)
    .map(({ s, deals }) => {
      const cols = allColumns(s.code, deals);
      const right = (c: ColumnDef) => c.kind === 'money' || c.kind === 'number';
      return {
        title: `Реестр к декларации. ${sectionTitle(s.tile, s.title)}`,
        note: `Отражается: ${s.feeds.replaceAll('_', '.')}. Сделок: ${deals.length}`,
        head: ['№', ...cols.map((c) => c.label)],
        align: ['left', ...cols.map((c) => (right(c) ? 'right' : 'left'))],
        count: deals.length,
        cells: (i: number) => {
          const d = deals[i] as DocumentDeal;
          return [String(i + 1), ...cols.map((c) => cellText(c, d[c.key]))];
        },
      } satisfies TableBlock;
    });
}

/** The engine's explanations of the calculation, under the printed names of the indicators. */
function explanations(doc: DeclarationDocument): TableBlock[] {
  const lines = doc.lines ?? [];
  if (!lines.length) return [];
  return [
    {
      title: 'Пояснения к расчету',
      note: 'Как получена каждая сумма расчета и на каком основании',
      head: ['Показатель', 'Сумма, тенге', 'Правило', 'Основание'],
      align: ['left', 'right', 'left', 'left'],
      weights: [2, 1, 3, 1.2],
      count: lines.length,
      cells: (i) => {
        const l = lines[i]!;
        return [indicatorLabel(l.field), grouped(l.amount, 2), l.rule, l.article];
      },
    },
  ];
}

/**
 * Draws a filled form as its template prints it, then the table blocks (registers, explanations) as
 * appendix pages. Every page carries the form, the IIN and 'Страница N из M'.
 */
export function renderFormPdf(
  t: FormTemplate,
  fno: FnoDocument,
  opts: { title: string; footer: string; blocks?: TableBlock[] },
): Promise<Buffer> {
  const pages = formPages(t, fno);
  const blocks = opts.blocks ?? [];
  return pdfDocument(opts.title, (pdf) => {
    const w = new TableWriter(pdf);
    w.dry = true;
    for (const b of blocks) w.table(b);
    const total = pages.length + w.pages;
    const foot = (n: number) => `${opts.footer} · Страница ${n} из ${total}`;
    pages.forEach((p, i) => {
      drawFormPage(pdf, t, p, foot(i + 1));
    });
    w.dry = false;
    w.pages = 0;
    w.footer = (n) => foot(pages.length + n);
    for (const b of blocks) w.table(b);
  });
}

/** The official form (from its template, filled with the XML's values), then registers and explanations. */
export async function renderPdf(doc: DeclarationDocument): Promise<Buffer> {
  assertRenderable(doc);
  const code = FORM_CODES[doc.form] as FnoCode;
  const fno = buildFno(doc);
  return renderFormPdf(templateFor(code, doc.year), fno, {
    title: `Декларация ${code} за ${doc.year} год`,
    footer: `Форма ${code} · ИИН ${doc.personal.iin.trim()}`,
    blocks: [...registerBlocks(doc), ...explanations(doc)],
  });
}
