import { FORM_CODES, isNumberedTile, SECTIONS, type SectionDef } from '@deklarant/contracts';
import { allColumns, type ColumnDef } from '../columns.ts';
import { countedDeals } from '../deals.ts';
import { dealDate, grouped, text, trimmed } from '../format.ts';
import type { FnoCode } from '../forms/uncertain.ts';
import { type DocumentLanguage, documentTexts, type Texts } from '../i18n.ts';
import { indicatorLabel } from '../indicators.ts';
import { feeds240 } from '../lines.ts';
import type { FormTemplate } from '../template/model.ts';
import { templateFor } from '../template/registry.ts';
import type { DeclarationDocument, DocumentDeal } from '../types.ts';
import { assertRenderable } from '../validate-input.ts';
import type { FnoDocument } from '../xml/model.ts';
import { buildFno } from '../xml/render.ts';
import { drawFormPage, formPages, labelLanguage } from './form-pages.ts';
import { pdfDocument } from './kit.ts';
import { type TableBlock, TableWriter } from './tables.ts';

/** How a cell prints, by the column's kind: the texts are looked up once per table, not per cell. */
function cellPrinter(x: Texts): (col: ColumnDef, v: unknown) => string {
  const [yes, no] = [x.t('flag.yes'), x.t('flag.no')];
  const number = x.lang === 'en' ? x.number : (s: string) => s;
  return (col, v) => {
    switch (col.kind) {
      case 'money':
        return number(grouped(v, 2));
      case 'number':
        // a quantity or a share as the money beside it: comma decimals (0,5 BTC; 12,5 %)
        return number(trimmed(v).replace('.', ','));
      case 'date':
        return dealDate(v);
      case 'flag':
        return v === true ? yes : v === false ? no : '';
      default:
        return text(v);
    }
  };
}

/**
 * Columns that say who and where (the broker, the country, the market): when every deal of a register has the
 * same value, it is printed once under the register's title, and the table keeps its width for the amounts.
 */
const SHARED = new Set([
  'foreign_broker',
  'broker_name',
  'broker_bin',
  'country_code',
  'market_name',
  'security_type_name',
]);

const sameInAll = (deals: readonly DocumentDeal[], key: keyof DocumentDeal) => {
  const first = deals[0]?.[key];
  return first !== null && first !== undefined && first !== '' && deals.every((d) => d[key] === first);
};

/** Columns whose values are the server's Russian reference names (operation, security type, market). */
const REFERENCE_NAMES = new Set(['operation_name', 'security_type_name', 'market_name']);

/**
 * Where a register's deals go on the form, and how many there are: the section's own line of 270.00 or 250.00,
 * and for 240.00 the lines of that form (its register must not name 270.01 lines).
 */
function feedsNote(doc: DeclarationDocument, s: SectionDef, n: number, x: Texts): string {
  const feeds = doc.form === 1 ? feeds240(s.key) : x.sectionFeeds(s).replaceAll('_', '.');
  return feeds ? x.t('register.note', { feeds, n }) : x.t('register.count', { n });
}

/** The registers: one table per section with deals, every column the engine filled. */
export function registerBlocks(doc: DeclarationDocument, language: DocumentLanguage | Texts = {}): TableBlock[] {
  const x = 'column' in language ? language : documentTexts(language);
  const cellText = cellPrinter(x);
  const head = x.t('register.number');
  return SECTIONS.map((s) => ({ s, deals: countedDeals(doc, s.key) }))
    .filter((d) => d.deals.length)
    .map(({ s, deals }) => {
      const cols = allColumns(s.code, deals);
      const right = (c: ColumnDef) => c.kind === 'money' || c.kind === 'number';
      const title = x.sectionTitle(s);
      const section = isNumberedTile(s.tile) ? x.t('register.numberedSection', { tile: s.tile, title }) : title;
      const printer = (c: ColumnDef): ((v: unknown) => string) =>
        x.lang !== 'ru' && REFERENCE_NAMES.has(c.key) ? (v) => x.value(cellText(c, v)) : (v) => cellText(c, v);
      // who and where, when every row says the same: printed once under the title, not as a column
      const shared = deals.length > 1 ? cols.filter((c) => SHARED.has(c.key) && sameInAll(deals, c.key)) : [];
      const own = cols.filter((c) => !shared.includes(c));
      const cell = own.map(printer);
      const first = deals[0] as DocumentDeal;
      const common = shared.map((c) => `${x.column(c, s.key)} — ${printer(c)(first[c.key])}`).join('; ');
      return {
        title: x.t('register.title', { section }),
        note: feedsNote(doc, s, deals.length, x),
        ...(common ? { common: x.t('register.common', { list: common }) } : {}),
        head: [head, ...own.map((c) => x.column(c, s.key))],
        align: ['left', ...own.map((c) => (right(c) ? 'right' : 'left'))],
        count: deals.length,
        cells: (i: number) => {
          const d = deals[i] as DocumentDeal;
          return [String(i + 1), ...own.map((c, j) => (cell[j] as (v: unknown) => string)(d[c.key]))];
        },
      } satisfies TableBlock;
    });
}

/** The engine's explanations of the calculation, under the printed names of the indicators. */
function explanations(doc: DeclarationDocument, x: Texts): TableBlock[] {
  const lines = doc.lines ?? [];
  if (!lines.length) return [];
  return [
    {
      title: x.t('explanations.title'),
      note: x.t('explanations.note'),
      head: ['indicator', 'amount', 'rule', 'basis'].map((k) => x.t(`explanations.${k}`)),
      align: ['left', 'right', 'left', 'left'],
      weights: [2, 1, 3, 1.2],
      count: lines.length,
      cells: (i) => {
        const l = lines[i]!;
        return [
          indicatorLabel(l.field, x, doc.form),
          x.number(grouped(l.amount, 2)),
          x.value(l.rule),
          x.value(l.article),
        ];
      },
    },
  ];
}

/**
 * Draws a filled form as its template prints it, then the table blocks (registers, explanations) as
 * appendix pages. Every page carries the form, the IIN and 'Страница N из M'. The form's own labels are
 * the template's, in Russian or (kk) Kazakh where the template has them; `texts` gives the rest.
 */
export function renderFormPdf(
  t: FormTemplate,
  fno: FnoDocument,
  opts: { title: string; footer: string; blocks?: TableBlock[]; texts?: Texts },
): Promise<Buffer> {
  const x = opts.texts ?? documentTexts();
  const labels = labelLanguage(x.lang);
  const pages = formPages(t, fno, x);
  const blocks = opts.blocks ?? [];
  return pdfDocument(opts.title, (pdf) => {
    const w = new TableWriter(pdf);
    w.dry = true;
    for (const b of blocks) w.table(b);
    const total = pages.length + w.pages;
    const foot = (n: number) => x.t('pdf.page', { footer: opts.footer, n, total });
    pages.forEach((p, i) => {
      drawFormPage(pdf, t, p, foot(i + 1), labels);
    });
    w.dry = false;
    w.pages = 0;
    w.footer = (n) => foot(pages.length + n);
    for (const b of blocks) w.table(b);
  });
}

/**
 * The official form (from its template, filled with the XML's values), then registers and explanations,
 * in `language.lang` (Russian by default).
 */
export async function renderPdf(doc: DeclarationDocument, language: DocumentLanguage = {}): Promise<Buffer> {
  assertRenderable(doc);
  const x = documentTexts(language);
  const code = FORM_CODES[doc.form] as FnoCode;
  const fno = buildFno(doc);
  return renderFormPdf(templateFor(code, doc.year), fno, {
    title: x.t('pdf.title', { code, year: doc.year }),
    footer: x.t('pdf.footer', { code, iin: doc.personal.iin.trim() }),
    blocks: [...registerBlocks(doc, x), ...explanations(doc, x)],
    texts: x,
  });
}
