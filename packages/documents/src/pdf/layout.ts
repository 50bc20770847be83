import { FORM, FORM_CODES, SECTIONS } from '@deklarant/contracts';
import { countedDeals } from '../deals.ts';
import { fullName, grouped, ruDateTime, text } from '../format.ts';
import { type ComputedLine, lines240, lines270 } from '../lines.ts';
import type { DeclarationDocument } from '../types.ts';
import { KIND_FIELDS, kindField } from '../xml/header.ts';
import type { SectionBlock } from './tables.ts';

/** pdfmake content nodes are plain JSON; this alias keeps signatures readable. */
type Node = Record<string, unknown> | string;

const TITLES: Record<number, string> = {
  [FORM.F270]: 'ДЕКЛАРАЦИЯ О ДОХОДАХ И ИМУЩЕСТВЕ ФИЗИЧЕСКОГО ЛИЦА',
  [FORM.F250]: 'ДЕКЛАРАЦИЯ ОБ АКТИВАХ И ОБЯЗАТЕЛЬСТВАХ ФИЗИЧЕСКОГО ЛИЦА',
  [FORM.F240]: 'ДЕКЛАРАЦИЯ ПО ИНДИВИДУАЛЬНОМУ ПОДОХОДНОМУ НАЛОГУ',
};
const KIND_LABELS: Record<(typeof KIND_FIELDS)[number], string> = {
  dt_regular: 'очередная',
  dt_main: 'первоначальная',
  dt_additional: 'дополнительная',
  dt_notice: 'по уведомлению',
};

const box = (on: boolean) => (on ? '[X]' : '[  ]');
const right = (t: string): Node => ({ text: t, alignment: 'right', noWrap: true });

/** Grid with thin lines; a named layout object is cheaper than per-table functions. */
const GRID = {
  hLineWidth: () => 0.4,
  vLineWidth: () => 0.4,
  hLineColor: () => '#777777',
  vLineColor: () => '#777777',
  paddingLeft: () => 2,
  paddingRight: () => 2,
  paddingTop: () => 1,
  paddingBottom: () => 1,
};

function titlePage(doc: DeclarationDocument, appendices: string[]): Node[] {
  const code = FORM_CODES[doc.form];
  const p = doc.personal;
  const kind = kindField(doc.type?.name ?? '');
  const rows: [string, string][] = [
    ['ИИН', p.iin.trim()],
    ['Ф.И.О.', fullName(p)],
    ['Налоговый период (год)', String(doc.year)],
    ...(doc.form === FORM.F250 ? ([['По состоянию на', `31.12.${doc.year}`]] as [string, string][]) : []),
    ['Вид декларации', KIND_FIELDS.map((f) => `${box(f === kind)} ${KIND_LABELS[f]}`).join('   ')],
    ['ИИН супруга(и)', text(p.spouses_iin)],
    ['Телефон', text(p.phone)],
    ['Электронная почта', text(p.email)],
    ['Код органа государственных доходов', `${doc.kgdCode.trim()} ${text(doc.kgdName)}`.trim()],
    ['Приложения', appendices.join(', ') || 'нет'],
    ['Дата формирования', ruDateTime(doc.generatedAt)],
  ];
  return [
    { text: `Форма ${code}`, alignment: 'right', bold: true },
    { text: `Налоговый период: ${doc.year} год`, alignment: 'right', margin: [0, 0, 0, 24] },
    { text: TITLES[doc.form] ?? '', style: 'title' },
    { text: `(${doc.type?.name ?? 'Очередная'})`, alignment: 'center', margin: [0, 0, 0, 16] },
    { text: 'Раздел. Общая информация о налогоплательщике', style: 'h2' },
    {
      table: { widths: [170, '*'], body: rows.map(([l, v]) => [{ text: l, bold: true }, v]) },
      layout: GRID,
    },
    {
      text:
        'Документ сформирован сервисом «Декларант» для представления в орган государственных доходов. ' +
        'Электронная версия (XML) подписывается ЭЦП налогоплательщика.',
      style: 'note',
      margin: [0, 16, 0, 0],
    },
  ];
}

function computation(title: string, lines: ComputedLine[]): Node[] {
  return [
    { text: title, style: 'h1', pageBreak: 'before' },
    {
      table: {
        headerRows: 1,
        widths: [70, '*', 90],
        body: [
          [
            { text: 'Код строки', style: 'th' },
            { text: 'Наименование', style: 'th' },
            { text: 'Сумма, тенге', style: 'th' },
          ],
          ...lines.map((l) => [l.code, l.label, right(grouped(l.whole))]),
        ],
      },
      layout: GRID,
    },
  ];
}

function explanations(doc: DeclarationDocument): Node[] {
  if (!doc.lines?.length) return [];
  return [
    { text: 'Пояснения к расчету', style: 'h2', margin: [0, 14, 0, 4] },
    {
      table: {
        headerRows: 1,
        widths: [110, 70, '*', 90],
        body: [
          ['Показатель', 'Сумма, тенге', 'Правило', 'Основание'].map((t) => ({ text: t, style: 'th' })),
          ...doc.lines.map((l) => [l.field, right(grouped(l.amount, 2)), l.rule, l.article]),
        ],
      },
      layout: GRID,
    },
  ];
}

/** Numbered sections (I.A, II, ...) print as 'Раздел II. ...'; the others by title only. */
const numbered = (tile: string) => /^[IVX.ABC0-9-]+$/.test(tile);
const sectionTitle = (tile: string, title: string) => (numbered(tile) ? `Раздел ${tile}. ${title}` : title);

/** The pdfmake document definition of a declaration. */
export function pdfDefinition(doc: DeclarationDocument): object {
  const code = FORM_CODES[doc.form];
  const lines = doc.form === FORM.F270 ? lines270(doc) : doc.form === FORM.F240 ? lines240(doc) : null;
  const sections = SECTIONS.map((s) => ({ s, deals: countedDeals(doc, s.key) })).filter((x) => x.deals.length);
  const appendices = [
    ...(doc.form === FORM.F270 ? ['270.01'] : []),
    ...sections.map(({ s }) => (numbered(s.tile) ? `раздел ${s.tile}` : s.title.toLowerCase())),
  ];
  const content: Node[] = [...titlePage(doc, appendices)];
  if (lines) {
    const title =
      doc.form === FORM.F270
        ? 'Приложение 270.01. Исчисление индивидуального подоходного налога'
        : 'Форма 240.00. Исчисление индивидуального подоходного налога';
    content.push(...computation(title, lines), ...explanations(doc));
  }
  return {
    pageSize: 'A4',
    pageMargins: [36, 36, 36, 40],
    info: { title: `Декларация ${code} за ${doc.year} год`, creator: 'Декларант', producer: 'Декларант' },
    defaultStyle: { font: 'Roboto', fontSize: 9 },
    styles: {
      title: { fontSize: 13, bold: true, alignment: 'center' },
      h1: { fontSize: 11, bold: true, margin: [0, 0, 0, 4] },
      h2: { fontSize: 10, bold: true, margin: [0, 0, 0, 4] },
      th: { bold: true, fillColor: '#eeeeee' },
      note: { fontSize: 8, color: '#444444' },
    },
    content,
  };
}

/** Section tables that follow the pdfmake part (drawn by tables.ts). */
export function sectionBlocks(doc: DeclarationDocument): SectionBlock[] {
  return SECTIONS.map((s) => ({ s, deals: countedDeals(doc, s.key) }))
    .filter((x) => x.deals.length)
    .map(({ s, deals }) => ({
      title: sectionTitle(s.tile, s.title),
      note: `Отражается: ${s.feeds}. Сделок: ${deals.length}`,
      code: s.code,
      deals,
    }));
}

export const footerText = (doc: DeclarationDocument) =>
  `Форма ${FORM_CODES[doc.form]} · ИИН ${doc.personal.iin.trim()}`;
