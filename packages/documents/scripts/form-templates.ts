/**
 * Writes our own descriptions of 270.00, 250.00 and 240.00 as KGD form templates (the ИС СОНО client
 * format read by src/template/read.ts) into packages/documents/templates/: one form file and one labels
 * file (_loc) per form and version. Run: `npx tsx packages/documents/scripts/form-templates.ts`.
 * test/form-templates.test.ts fails when the committed files differ from what this script writes.
 *
 * Every field carries `source` (KGD's own templates have no such attribute; the reader keeps it):
 *   S1 — KGD template 910.00 v27 (the format, header/last-page field names, mandatory flags);
 *   S3 — the filler of KGD's "270.00 empty.xml" and its 250.00 variant; S4 — a third-party JS generator;
 *   S5 — KGD's processing code; S6 — SQL over real 240.00 data; S7 — a C# model of 100.00;
 *   app — the app's own choice where no evidence exists (see ../shared/research/fno-xml.md).
 * Positions are ours (no official 270/250/240 layout was found); the field names and types are what the
 * evidence shows. Facts the evidence does not give (version numbers, KBK) live in src/forms/uncertain.ts.
 *
 * Scripts (`<scriptList>`): 270.00 carries the arithmetic of appendix 270.01 as KGD's CALC scripts, generated
 * from `LINES_270_01[].formula` (src/lines.ts) in the syntax of KGD's own templates (910.00 v27:
 * `res=@page_910_00_03.field_910_00_021_1 + @page_910_00_03.field_910_00_021_2 ...;`): A, A_1, B, B_1, D, E
 * and G as sums and differences of fields of page_270_01_01. K (never below zero) is written the way 910.00
 * writes a conditional figure: `if (H - I - J < 0) then res=0 else res=H - I - J;` (the credit line I that takes
 * up a rounding remainder keeps K = H - I - J to the tenge). H (G x the tax rate) is left out on purpose: its
 * rate depends on the year (one 10 % rate for every income in 2023–2025 only; 2021–2022 tax dividends at 5 %,
 * 2026 is progressive: @deklarant/tax flatIncomeTaxRate), and a script `*10/100` would refuse the other years'
 * correct figures — a template is one file for 2021–2026, and the year rules live in the tax package, not here.
 * 270.00 also carries CHECK scripts (`checkScripts270`): consistency rules the writer's output always keeps
 * (K not negative and not above H, 270.02 = K, pril_N ticked for an appendix with content, numbered rows); their
 * messages are ERROR entries of the labels file. The check before signing (src/xml/template-check.ts,
 * src/template/scripts.ts) evaluates these scripts, and KGD's own. 250.00 and 240.00 compute nothing from their
 * own fields (no CALC) but carry CHECK rules of the same kind (`checkScripts250`, `checkScripts240`, sharing the
 * helpers `notNegative`, `givenWith`, `checkXml` and the messages `MESSAGES`): 250.00 rows numbered in column A,
 * amounts not negative and with their currency; 240.00 lines not negative and line-024 rows with their asset's kind.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { flatIncomeTaxRate } from '@deklarant/tax';
import Decimal from 'decimal.js';
import { type FnoCode, FORM_FACTS } from '../src/forms/uncertain.ts';
import { LINES_240_00, LINES_270_01 } from '../src/lines.ts';
// rows of the line-024 table (S6: field_240_00_024_{1..9}_{A..D}), as the writer fills them
import { ROWS_240_024 } from '../src/xml/form-240.ts';
import { KK_LABELS } from './form-labels-kk.ts';

type Type = 'NUMERIC' | 'TEXT' | 'DATE' | 'CHECKBOX';
interface F {
  name: string;
  label: string;
  type: Type;
  length?: number;
  comb?: boolean;
  mandatory?: boolean;
  fraction?: number;
  source: string;
}
const TAG: Record<Type, string> = {
  NUMERIC: 'numericField',
  TEXT: 'textField',
  DATE: 'dateField',
  CHECKBOX: 'checkbox',
};
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const mm = (n: number) => n.toFixed(2);

/** A label's Kazakh text: unchanged without Cyrillic letters (line codes, column letters, №, VIN), else its translation. */
function kazakh(ru: string): string {
  if (!/[\u0400-\u04FF]/.test(ru)) return ru;
  const kk = KK_LABELS[ru];
  if (!kk) throw new Error(`no Kazakh label for «${ru}»: add it to scripts/form-labels-kk.ts`);
  return kk;
}

class Labels {
  private readonly map = new Map<string, string>();
  /** the messages of our CHECK scripts and their Kazakh text (messages, not printed labels: not in KK_LABELS) */
  private readonly messages = new Map<string, string>();
  constructor(private next: number) {}
  code(text: string): string {
    let c = this.map.get(text);
    if (!c) {
      c = String(this.next++);
      this.map.set(text, c);
    }
    return c;
  }
  /** A CHECK script's message code (type ERROR in the Russian list, as KGD types the codes that refuse). */
  message(ru: string, kk: string): string {
    this.messages.set(ru, kk);
    return this.code(ru);
  }
  /** The labels file: the Russian list, then the Kazakh one with the same codes (scripts/form-labels-kk.ts). */
  xml(): string {
    const entries = (lang: 'rus' | 'kaz', text: (ru: string) => string) =>
      [...this.map].map(([t, c]) => {
        // both lists type a code alike, as KGD's 910.00 does
        const type = this.messages.has(t) ? 'ERROR' : 'LABEL';
        return `<entry key="${c}"><${lang}Item messageCode="${c}" message="${esc(text(t))}" type="${type}"/></entry>`;
      });
    const rus = entries('rus', (t) => t);
    const kaz = entries('kaz', (t) => this.messages.get(t) ?? kazakh(t));
    return `<?xml version="1.0" encoding="UTF-8"?>\n<localizationItems><rus size="${rus.length}">\n${rus.join('\n')}\n</rus><kaz size="${kaz.length}">\n${kaz.join('\n')}\n</kaz></localizationItems>\n`;
  }
}

class Page {
  fields: string[] = [];
  rows: string[] = [];
  items: string[] = [];
  y = 12;
  constructor(
    readonly L: Labels,
    readonly name: string,
    readonly title: string,
    readonly landscape = false,
  ) {
    this.text(10, 5, this.width - 20, 5, title, 9, 'center');
  }
  get width() {
    return this.landscape ? 297 : 210;
  }
  get height() {
    return this.landscape ? 210 : 297;
  }
  text(x: number, y: number, w: number, h: number, t: string, size = 8, align = 'left') {
    this.items.push(
      `<text viewItemType="TEXT" x="${mm(x)}" y="${mm(y)}" width="${mm(w)}" height="${mm(h)}" alignment="${align}" valignment="top" valueCode="${this.L.code(t)}"><font name="Times New Roman" size="${size}"/></text>`,
    );
  }
  rect(x: number, y: number, w: number, h: number, fill = '-1') {
    this.items.push(
      `<rectangle viewItemType="RECTANGLE" x="${mm(x)}" y="${mm(y)}" width="${mm(w)}" height="${mm(h)}" brushColor="${fill}" borderColor="-8355712" borderWidth="0.25"/>`,
    );
  }
  fieldXml(f: F, x: number, y: number, w: number, h: number): string {
    const a = [
      `x="${mm(x)}" y="${mm(y)}" width="${mm(w)}" height="${mm(h)}" fieldType="${f.type}"`,
      `labelCode="${this.L.code(f.label)}" fieldName="${f.name}" originalFieldName="${f.name}"`,
      `editable="true" autocalc="false" isVisible="true" isMandatory="${f.mandatory ? 'true' : 'false'}"`,
      f.length ? `length="${f.length}"` : '',
      f.comb ? 'comb="true"' : '',
      f.fraction ? `fractionalPart="${f.fraction}"` : '',
      `source="${esc(f.source)}"`,
    ].filter(Boolean);
    return `<${TAG[f.type]} ${a.join(' ')}><validateDescriptors size="0"/></${TAG[f.type]}>`;
  }
  /** A labelled single field on its own line: label left, value (boxes per character when comb) right. */
  line(f: F, code = '', step = 6.5) {
    const w = f.type === 'CHECKBOX' ? 4 : f.comb && f.length ? f.length * 4 : f.type === 'DATE' ? 30 : 80;
    const h = f.type === 'CHECKBOX' ? 4 : 5;
    if (code) this.text(10, this.y + 0.8, 24, 5, code, 7);
    this.text(code ? 35 : 10, this.y + 0.8, code ? 100 : 120, 5, f.label, 8);
    this.fields.push(this.fieldXml(f, this.width - 10 - Math.max(w, 4), this.y, w, h));
    this.y += step;
  }
  heading(t: string) {
    this.y += 2;
    this.rect(10, this.y, this.width - 20, 5.5, '-3618616');
    this.text(11, this.y + 0.8, this.width - 22, 5, t, 8.5);
    this.y += 7.5;
  }
  /** A table of fixed rows; `name(col, n)` gives the field name of column `col` in row n (1-based). */
  table(
    title: string,
    cols: (F & { letter: string; w: number })[],
    rows: number,
    name: (letter: string, n: number) => string,
    group = false,
  ) {
    this.heading(title);
    const total = cols.reduce((s, c) => s + c.w, 0);
    const k = (this.width - 20) / total;
    let x = 10;
    for (const c of cols) {
      this.rect(x, this.y, c.w * k, 10);
      this.text(x + 0.5, this.y + 0.5, c.w * k - 1, 9, c.label, 6, 'center');
      this.rect(x, this.y + 10, c.w * k, 4);
      this.text(x, this.y + 10.3, c.w * k, 4, c.letter, 6.5, 'center');
      x += c.w * k;
    }
    this.y += 14;
    for (let n = 1; n <= rows; n++) {
      x = 10;
      const row: string[] = [];
      for (const c of cols) {
        this.rect(x, this.y, c.w * k, 6);
        row.push(this.fieldXml({ ...c, name: name(c.letter, n) }, x + 0.3, this.y + 0.5, c.w * k - 0.6, 5));
        x += c.w * k;
      }
      if (group) this.rows.push(`<row><fields>${row.join('')}</fields><childRow/></row>`);
      else this.fields.push(...row);
      this.y += 6;
    }
  }
  xml(): string {
    return [
      `<sheet width="${mm(this.width)}" height="${mm(this.height)}" orientation="${this.landscape ? 'HORIZONTAL' : 'VERTICAL'}" pageName="${this.name}" titleCode="${this.L.code(this.title)}" brushcolor="-1">`,
      `<fields>${this.fields.join('\n')}</fields>`,
      `<viewItems>${this.items.join('\n')}</viewItems>`,
      `<rows>${this.rows.join('\n')}</rows>`,
      '</sheet>',
    ].join('\n');
  }
}

// ---- field helpers -------------------------------------------------------------------------------
const IIN = (source = 'S1, S3'): F => ({
  name: 'iin',
  label: 'ИИН',
  type: 'NUMERIC',
  length: 12,
  comb: true,
  mandatory: true,
  source,
});
const YEAR = (label = 'Налоговый период (год)', source = 'S1, S3'): F => ({
  name: 'period_year',
  label,
  type: 'NUMERIC',
  length: 4,
  comb: true,
  mandatory: true,
  source,
});
const PAGE_NO: F = {
  name: 'page_number',
  label: 'Номер страницы',
  type: 'NUMERIC',
  length: 5,
  source: 'S3 (копии страниц приложения несут номер 1)',
};
const money = (name: string, label: string, source: string): F => ({
  name,
  label,
  type: 'NUMERIC',
  length: 15,
  comb: true,
  source,
});
const flag = (name: string, label: string, source: string): F => ({ name, label, type: 'CHECKBOX', source });
const txt = (name: string, label: string, source: string, length = 100, mandatory = false): F => ({
  name,
  label,
  type: 'TEXT',
  length,
  mandatory,
  source,
});
const date = (name: string, label: string, source: string, mandatory = false): F => ({
  name,
  label,
  type: 'DATE',
  mandatory,
  source,
});
const col = (letter: string, f: Omit<F, 'name'>, w: number) => ({ ...f, name: '', letter, w });
const KIND = [
  flag('dt_regular', 'Очередная', 'S4 (имена флагов вида декларации), S1 (флаг вида обязателен)'),
  flag('dt_main', 'Первоначальная', 'S4'),
  flag('dt_additional', 'Дополнительная', 'S4'),
  flag('dt_notice', 'Дополнительная по уведомлению', 'S4'),
];

function header(p: Page, source: string, names: [string, string, string]) {
  p.line(IIN());
  p.line(txt(names[0], 'Фамилия', source, 100, true));
  p.line(txt(names[1], 'Имя', source, 100, true));
  p.line(txt(names[2], 'Отчество (при наличии)', source));
}

function form(code: string, name: string, pages: Page[], cloneable: boolean, main: boolean): string {
  const tag = main ? 'mainForm' : 'attachmentForm';
  const attrs = `code="${code}" formName="${name}" titleCode="${pages[0]?.L.code(`Форма ${code}`)}"${main ? '' : ` cloneable="${cloneable}"`}`;
  return `<${tag} ${attrs}><sheetGroup>\n${pages.map((p) => p.xml()).join('\n')}\n`;
}

function fno(
  code: FnoCode,
  mainXml: string,
  attachments: string[],
  L: Labels,
  scripts: string[] = [],
): [string, string] {
  const f = FORM_FACTS.find((r) => r.code === code)!;
  const head = `<?xml version="1.0" encoding="UTF-8"?>
<!-- Декларант's own description of ${code} in KGD's template format (not a KGD file). Generated by
     packages/documents/scripts/form-templates.ts; each field's "source" says where its name/type come from.
     An operator's KGD template for the same form, dropped into FORM_TEMPLATES_DIR, replaces this file. -->
<fno version="${f.version}" code="${code}" startDate="01.01.${f.fromYear}" endDate="31.12.${f.toYear}" docDesc="${esc(f.title)}" uncertain="${esc(f.uncertain)}">`;
  const body = `${mainXml}\n<attachmentForms>\n${attachments.map((a) => `${a}</sheetGroup></attachmentForm>`).join('\n')}\n</attachmentForms></mainForm>\n${scripts.length ? `<scriptList>\n${scripts.join('\n')}\n</scriptList>` : '<scriptList/>'}\n</fno>\n`;
  return [`${head}\n${body}`, L.xml()];
}

// ---- CHECK scripts shared by the forms -------------------------------------------------------------
/**
 * The messages of our CHECK scripts, [Russian, Kazakh]: each form registers those it uses with `L.message`
 * (an ERROR entry of its own labels file).
 */
const MESSAGES = {
  negative: ['Сумма не может быть отрицательной', 'Сома теріс болмауы керек'],
  // KGD's own wording (910.00 v27, message 216032)
  notTicked: ['Не отмечено представленное приложение', 'Берілген қосымша көрсетілмеген'],
  noRowNumber: ['Не указан порядковый номер строки', 'Жолдың реттік нөмірі көрсетілмеген'],
  noCurrency: ['Не указана валюта суммы', 'Соманың валютасы көрсетілмеген'],
  noAssetKind: ['Не указан вид имущества', 'Мүліктің түрі көрсетілмеген'],
} as const satisfies Record<string, readonly [string, string]>;
const message = (L: Labels, m: keyof typeof MESSAGES) => {
  const [ru, kk] = MESSAGES[m];
  return L.message(ru, kk);
};

/** A CHECK rule: the field it belongs to (`page.field`) and its code in KGD syntax. */
type Rule = [at: string, code: string];

/** A figure never below zero; an empty one is not compared (910.00's guard `(@x<>'')*(…)`). */
function notNegative(page: string, field: string, code: string): Rule {
  const x = `@${page}.${field}`;
  return [`${page}.${field}`, `if (${x}<>'')*(${x}<0) then res='${code}';`];
}

/**
 * `field` given whenever one of `others` is (a row's number, a currency, an asset's kind): `(@x='')*(@y<>'')`,
 * several others as `((@y<>'')+(@z<>'')>0)`. `row`: the fields are columns of the page's row group (`@row.`).
 */
function givenWith(page: string, field: string, others: string[], code: string, row = false): Rule {
  const ref = (f: string) => (row ? `@row.${f}` : `@${page}.${f}`);
  const filled = others.map((o) => `${ref(o)}<>''`);
  const any = filled.length === 1 ? filled[0] : `${filled.map((f) => `(${f})`).join('+')}>0`;
  return [`${page}.${field}`, `if (${ref(field)}='')*(${any}) then res='${code}';`];
}

/** The rules as `<script type="CHECK">` entries of the script list. */
function checkXml(rules: Rule[]): string[] {
  return rules.map(([at, code]) => {
    const field = at.slice(at.indexOf('.') + 1);
    return `<script field="${at}" originalFieldName="null.${field}" type="CHECK"><script>${esc(code)}</script><fields/></script>`;
  });
}

/** Column letter of the i-th column (0 = A). */
const letter = (i: number) => String.fromCharCode(65 + i);
/** 1..n */
const upTo = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

// ---- 270.00 ---------------------------------------------------------------------------------------
const PAGE_270_01 = 'page_270_01_01';

/**
 * 270.01's own arithmetic as KGD CALC scripts (see the notes at the top): one per line with a formula,
 * except the tax line H whose rate depends on the year.
 */
function calcScripts270(): string[] {
  const ref = (line: string) => `@${PAGE_270_01}.field_270_01_${line}`;
  return LINES_270_01.flatMap((l) => {
    const f = l.formula;
    if (!f || f.rate) return [];
    const expr = [f.plus.map(ref).join(' + '), ...(f.minus ?? []).map(ref)].join(' - ');
    const code = f.floor0 ? `if (${expr} < 0) then res=0 else res=${expr};` : `res=${expr};`;
    const field = `field_270_01_${l.line}`;
    return [
      `<script field="${PAGE_270_01}.${field}" originalFieldName="null.${field}" type="CALC"><script>${esc(code)}</script><fields/></script>`,
    ];
  });
}

/**
 * H = G × the year's rate, for the years of the template with one flat rate (packages/tax flatIncomeTaxRate),
 * as a CHECK with the half-tenge tolerance of KGD's own 910.00 (its line 011_3 rule): H is printed whole, rounded
 * half up. A year with a progressive scale is not checked (the engine's tax is printed).
 */
function flatRateChecks(message: string): Rule[] {
  const f = FORM_FACTS.find((r) => r.code === '270.00')!;
  const year = `@${PAGE_270_01}.period_year`;
  const [G, H] = ['G', 'H'].map((l) => `@${PAGE_270_01}.field_270_01_${l}`);
  const byRate = new Map<string, number[]>();
  for (let y = f.fromYear; y <= f.toYear; y++) {
    const rate = flatIncomeTaxRate(y);
    if (rate) byRate.set(rate, [...(byRate.get(rate) ?? []), y]);
  }
  return [...byRate].map(([rate, years]) => {
    const [from, to] = [Math.min(...years), Math.max(...years)];
    if (years.length !== to - from + 1) throw new Error(`270.00: the years of rate ${rate} are not one range`);
    const tax = `(${G}*${new Decimal(rate).times(100).toString()}/100)`;
    return [
      `${PAGE_270_01}.field_270_01_H`,
      `if (${H}<>'')*(${year}>=${from})*(${year}<=${to})*((${tax}>=${H}+0.5)+(${tax}<${H}-0.5)>0) then res='${message}';`,
    ];
  });
}

/**
 * Consistency rules of 270.00 as KGD CHECK scripts (syntax and patterns of 910.00 v27: `(@a<>'')*(…)`, a flag
 * compared with 0, `@row.` for a row group), each true of every declaration the writer prints
 * (src/xml/form-270.ts, src/lines.ts): K is never below zero (`floor0`) and, when positive, K = H - I - J with
 * I, J ≥ 0, so never above H; 270.02 carries K as B and as the tax of its payment line; the writer ticks pril_N
 * for every appendix with content; 270.06/270.07 rows are numbered in column A. A rule reading a page the
 * document repeats (270.04) is not evaluated then (which copy?). The helpers and messages
 * (`MESSAGES`, `notNegative`, `givenWith`, `checkXml`) are shared with 250.00 and 240.00.
 */
function checkScripts270(L: Labels): string[] {
  const line = (l: string) => `@${PAGE_270_01}.field_270_01_${l}`;
  const [P00, P02, P04] = ['page_270_00_01', 'page_270_02_01', 'page_270_04_01'];
  const negative = message(L, 'negative');
  const aboveH = L.message(
    'Сумма ИПН к уплате не может превышать исчисленную сумму ИПН (строка 270.01.H)',
    'Төленуге тиіс ЖТС сомасы есептелген ЖТС сомасынан (270.01.H жолы) аспауы керек',
  );
  const notK = L.message(
    'Сумма не совпадает с суммой ИПН к уплате (строка 270.01.K)',
    'Сома төленуге тиіс ЖТС сомасымен (270.01.K жолы) сәйкес келмейді',
  );
  const notB = L.message(
    'Сумма налога не совпадает с суммой ИПН к уплате (строка 270.02.B)',
    'Салық сомасы төленуге тиіс ЖТС сомасымен (270.02.B жолы) сәйкес келмейді',
  );
  const notTicked = message(L, 'notTicked');
  const noRowNumber = message(L, 'noRowNumber');
  const notRate = L.message(
    'Исчисленная сумма ИПН не соответствует облагаемому доходу (строка 270.01.G), умноженному на ставку налога',
    'Есептелген ЖТС сомасы салық ставкасына көбейтілген салық салынатын табысқа (270.01.G жолы) сәйкес келмейді',
  );
  return checkXml([
    ...flatRateChecks(notRate),
    notNegative(PAGE_270_01, 'field_270_01_K', negative),
    [`${PAGE_270_01}.field_270_01_K`, `if (${line('K')}>0)*(${line('K')}>${line('H')}) then res='${aboveH}';`],
    // the writer prints an empty 270.02 when nothing is payable (K = 0): only a filled B is compared
    [
      `${P02}.field_270_02_B`,
      `if (@${P02}.field_270_02_B<>'')*(@${P02}.field_270_02_B<>${line('K')}) then res='${notK}';`,
    ],
    [
      `${P02}.field_270_02_tax_01`,
      `if (@${P02}.field_270_02_tax_01<>'')*(@${P02}.field_270_02_tax_01<>@${P02}.field_270_02_B) then res='${notB}';`,
    ],
    [`${P00}.pril_1`, `if (@${P00}.pril_1=0)*(${line('D')}<>'') then res='${notTicked}';`],
    [`${P00}.pril_2`, `if (@${P00}.pril_2=0)*(@${P02}.field_270_02_B<>'') then res='${notTicked}';`],
    [
      `${P00}.pril_4`,
      `if (@${P00}.pril_4=0)*((@${P04}.field_270_04_B_B_1<>'')+(@${P04}.field_270_04_E_B_1<>'')>0) then res='${notTicked}';`,
    ],
    ...['06', '07'].map((n) =>
      givenWith(`page_270_${n}_01`, `field_270_${n}_A`, [`field_270_${n}_B`], noRowNumber, true),
    ),
  ]);
}

function f270(): [string, string] {
  const L = new Labels(27000001);
  const p1 = new Page(L, 'page_270_00_01', 'ДЕКЛАРАЦИЯ ПО ИНДИВИДУАЛЬНОМУ ПОДОХОДНОМУ НАЛОГУ (форма 270.00)');
  p1.heading('Раздел. Общая информация о налогоплательщике');
  header(p1, 'S3', ['fio1', 'fio2', 'fio3']);
  p1.line(YEAR());
  p1.heading('Вид декларации');
  for (const k of KIND) p1.line(k);
  p1.line(
    flag('dt_w', 'Иной вид декларации (назначение не подтверждено)', 'app: было в прежней выгрузке, не заполняется'),
  );
  p1.line(txt('iin_spouse', 'ИИН супруга(и)', 'app: поле прежней выгрузки', 12));
  p1.line(txt('iin_legalrepresentative', 'ИИН законного представителя', 'app: поле прежней выгрузки', 12));
  p1.line(txt('email', 'Электронная почта', 'S4'));
  p1.line(txt('payer_phone_number', 'Номер телефона', 'S4', 16));
  p1.heading('Представленные приложения');
  for (let n = 1; n <= 7; n++)
    p1.line(flag(`pril_${n}`, `Приложение 270.0${n}`, 'S1 (флаг соответствует приложению), S3'), '', 5.5);
  p1.heading('Ответственность налогоплательщика');
  p1.line(
    txt(
      'head_name',
      'Ф.И.О. налогоплательщика (полностью)',
      'S3, S7: полное имя налогоплательщика; S1: обязательно',
      100,
      true,
    ),
  );
  p1.line(date('submit_date', 'Дата подачи декларации', 'S1 (обязательно), S3, S5: день подачи', true));
  p1.line({
    ...IIN(),
    name: 'rating_auth_code',
    label: 'Код органа государственных доходов',
    length: 4,
    source: 'S1, S3, S5',
  });
  p1.line(date('accept_date', 'Дата приема декларации', 'S1 (обязательно), S3: совпадает с датой подачи', true));
  p1.line(txt('receptor_name', 'Ф.И.О. лица, принявшего декларацию', 'S1: заполняет орган госдоходов'));
  p1.line(date('post_date', 'Дата почтового штемпеля', 'S1: заполняет орган госдоходов'));
  p1.line(txt('in_doc_number', 'Входящий номер документа', 'S1: заполняет орган госдоходов', 30));
  p1.line(flag('agreement', 'Согласие на использование сведений', 'app: поле прежней выгрузки'));
  const p2 = new Page(L, 'page_270_00_02', 'Форма 270.00, страница 2');
  p2.text(10, 14, 190, 10, 'Сведения о налогоплательщике и подписи указываются на странице 1.', 8);
  const main = `<mainForm code="270.00" formName="form_270_00" titleCode="${L.code('Форма 270.00')}"><sheetGroup>\n${p1.xml()}\n${p2.xml()}\n</sheetGroup>`;

  const att: string[] = [];
  const simple = (n: string, title: string, build: (p: Page) => void, landscape = false, cloneable = false) => {
    const p = new Page(L, `page_270_${n}_01`, title, landscape);
    p.line(IIN());
    p.line(YEAR());
    build(p);
    att.push(form(`270.${n}`, `form_270_${n}`, [p], cloneable, false));
  };
  simple('01', 'Приложение 270.01. Исчисление индивидуального подоходного налога', (p) => {
    p.line(PAGE_NO);
    p.line(txt('field_270_01_bin', 'БИН (при наличии)', 'app: поле прежней выгрузки', 12));
    for (const l of LINES_270_01) {
      p.line(
        money(`field_270_01_${l.line}`, l.label, l.uncertain ? `app: ${l.uncertain}` : 'S3: строка заполняется'),
        `270.01.${l.line.replaceAll('_', '.')}`,
        5.6,
      );
    }
  });
  simple('02', 'Приложение 270.02. Сведения об уплате налога', (p) => {
    p.line(txt('bank_code', 'БИК банка', 'app: поле прежней выгрузки', 11));
    p.line(txt('iik', 'ИИК', 'app: поле прежней выгрузки', 20));
    p.line(money('field_270_02_B', 'Сумма ИПН к уплате', 'app: сумма строки 270.01.K'), '270.02.B');
    p.line(money('field_270_02_C', 'Сумма пени', 'app'), '270.02.C');
    p.line(
      {
        ...money('field_270_02_kbk_01', 'Код бюджетной классификации', 'app: значение в src/forms/uncertain.ts'),
        length: 6,
      },
      'КБК',
    );
    p.line(
      {
        ...IIN(),
        name: 'field_270_02_kogd_01',
        label: 'Код органа госдоходов',
        length: 4,
        mandatory: false,
        source: 'app',
      },
      'КОГД',
    );
    p.line(money('field_270_02_tax_01', 'Сумма налога', 'app'));
    p.line(money('field_270_02_pen_01', 'Сумма пени', 'app'));
  });
  simple('03', 'Приложение 270.03', (p) => {
    p.line(PAGE_NO);
    p.text(10, p.y + 2, 190, 10, 'Приложение не заполняется приложением «Декларант»; поля формы не опубликованы.', 8);
  });
  simple(
    '04',
    'Приложение 270.04. Сведения о сделках и имуществе за пределами Республики Казахстан',
    (p) => {
      p.line(PAGE_NO);
      const s = 'S3: графы A–J раздела B';
      p.table(
        'Раздел B. Сделки с имуществом',
        [
          col('A', { label: '№', type: 'NUMERIC', length: 6, source: s }, 8),
          col('B', { label: 'Вид операции', type: 'TEXT', length: 100, source: s }, 22),
          col('C', { label: 'Вид имущества', type: 'TEXT', length: 100, source: s }, 28),
          col('D', { label: 'Количество', type: 'TEXT', length: 22, source: s }, 16),
          col('E', { label: 'Идентификатор (ISIN, наименование)', type: 'TEXT', length: 100, source: s }, 34),
          col('F', { label: 'Дата операции', type: 'DATE', source: s }, 18),
          col('G', { label: 'Рег. номер', type: 'TEXT', length: 50, source: s }, 12),
          col('H', { label: 'Код страны', type: 'TEXT', length: 3, source: 'S3: 2 буквы' }, 12),
          col('I', { label: 'Валюта', type: 'TEXT', length: 3, source: s }, 12),
          col('J', { label: 'Сумма в валюте', type: 'TEXT', length: 22, source: s }, 22),
        ],
        6,
        (c, n) => `field_270_04_B_${c}_${n}`,
      );
      const e = 'S3: графы A–E раздела E';
      p.table(
        'Раздел E. Имущество за пределами Республики Казахстан',
        [
          col('A', { label: '№', type: 'NUMERIC', length: 6, source: e }, 8),
          col('B', { label: 'Вид имущества', type: 'TEXT', length: 100, source: e }, 40),
          col('C', { label: 'Идентификатор (ISIN, наименование)', type: 'TEXT', length: 100, source: e }, 60),
          col('D', { label: 'Код страны', type: 'TEXT', length: 3, source: 'S3: 2 буквы' }, 30),
          col('E', { label: 'Код страны регистрации', type: 'TEXT', length: 3, source: 'S3: 2 буквы' }, 30),
        ],
        5,
        (c, n) => `field_270_04_E_${c}_${n}`,
      );
    },
    true,
    true,
  );
  simple(
    '05',
    'Приложение 270.05. Сведения о приобретении и реализации имущества',
    (p) => {
      p.line(PAGE_NO);
      const s = 'S3: графы A–M раздела B';
      const t = (letter: string, label: string, w: number, type: Type = 'TEXT') =>
        col(letter, { label, type, length: type === 'NUMERIC' ? 6 : 100, source: s }, w);
      p.table(
        'Раздел B. Приобретенное имущество',
        [
          t('A', '№', 6, 'NUMERIC'),
          t('B', 'Вид имущества', 20),
          t('C', 'Идентификатор', 20),
          col('D', { label: 'Дата', type: 'DATE', source: s }, 14),
          t('E', 'Страна', 10),
          t('F', 'Рег. номер', 10),
          t('G', 'Валюта', 10),
          t('H', 'Стоимость', 16),
          t('I', 'Источник средств', 30),
          t('J', 'ИИН/БИН источника', 16),
          t('K', 'Наименование источника', 24),
          t('L', 'Валюта источника', 10),
          t('M', 'Сумма источника', 16),
        ],
        10,
        (c, n) => `field_270_05_B_${c}_${n}`,
      );
      const c5 = 'S3: графы A–I раздела C';
      const u = (letter: string, label: string, w: number, type: Type = 'TEXT') =>
        col(letter, { label, type, length: type === 'NUMERIC' ? 6 : 100, source: c5 }, w);
      p.table(
        'Раздел C. Реализованное имущество',
        [
          u('A', '№', 6, 'NUMERIC'),
          u('B', 'Вид имущества', 26),
          u('C', 'Идентификатор', 26),
          col('D', { label: 'Дата', type: 'DATE', source: c5 }, 16),
          u('E', 'Страна', 12),
          u('F', 'Рег. номер', 12),
          u('G', 'Валюта', 12),
          u('H', 'Сумма в валюте', 18),
          u('I', 'Сумма в тенге', 18),
        ],
        6,
        (c, n) => `field_270_05_C_${c}_${n}`,
      );
    },
    true,
    true,
  );
  const rowsForm = (n: string, title: string, cols: [string, string, Type, number][]) =>
    simple(
      n,
      title,
      (p) =>
        p.table(
          'Строки таблицы',
          cols.map(([l, label, type, w]) =>
            col(
              l,
              {
                label,
                type,
                length: type === 'NUMERIC' ? 6 : 100,
                source: 'app: графы выведены из назначения приложения',
              },
              w,
            ),
          ),
          10,
          (c) => `field_270_${n}_${c}`,
          true,
        ),
      true,
    );
  rowsForm('06', 'Приложение 270.06. Сведения о счетах в иностранных банках', [
    ['A', '№', 'NUMERIC', 8],
    ['B', 'Наименование банка', 'TEXT', 50],
    ['C', 'Код банка / номер счета', 'TEXT', 40],
    ['D', 'Код страны', 'TEXT', 16],
    ['F', 'Валюта', 'TEXT', 16],
    ['G', 'Остаток в валюте', 'TEXT', 30],
  ]);
  rowsForm('07', 'Приложение 270.07. Сведения о долговых обязательствах', [
    ['A', '№', 'NUMERIC', 8],
    ['B', 'Кредитор', 'TEXT', 50],
    ['C', 'Вид долга', 'TEXT', 30],
    ['D', 'Валюта', 'TEXT', 16],
    ['F', 'Сумма долга', 'TEXT', 30],
    ['M', 'Срок возврата', 'TEXT', 30],
  ]);
  return fno('270.00', main, att, L, [...calcScripts270(), ...checkScripts270(L)]);
}

// ---- 250.00 ---------------------------------------------------------------------------------------
const SECTIONS_250: {
  appendix: string;
  title: string;
  /** `money`: the letters of the table's amount column and of its currency column */
  tables: {
    section: string;
    title: string;
    cols: string[];
    rows: number;
    money?: [amount: string, currency: string];
  }[];
}[] = [
  {
    appendix: '01',
    title: 'Приложение 250.01. Деньги',
    tables: [{ section: '1', title: 'Наличные деньги', cols: ['№', 'Сумма', 'Валюта'], rows: 4, money: ['B', 'C'] }],
  },
  {
    appendix: '02',
    title: 'Приложение 250.02. Недвижимое имущество и транспорт',
    tables: [
      {
        section: '1',
        title: 'Недвижимое имущество за пределами РК',
        cols: ['№', 'Наименование', 'Код страны', 'Кадастровый номер', 'Адрес'],
        rows: 6,
      },
      {
        section: '2',
        title: 'Транспортные средства за пределами РК',
        cols: ['№', 'Вид', 'Марка, модель', 'Код страны', 'Рег. номер', 'VIN'],
        rows: 5,
      },
    ],
  },
  {
    appendix: '03',
    title: 'Приложение 250.03. Счета и доли участия',
    tables: [
      {
        section: '1',
        title: 'Деньги на счетах в иностранных банках',
        cols: ['№', 'Банк', 'Сумма', 'Валюта', 'Идентификационный номер банка', 'Код страны'],
        rows: 6,
        money: ['C', 'D'],
      },
      {
        section: '2',
        title: 'Доли участия в иностранных компаниях',
        cols: ['№', 'Компания', 'Доля, %', 'Рег. номер', 'Код страны'],
        rows: 6,
      },
    ],
  },
  {
    appendix: '04',
    title: 'Приложение 250.04. Ценные бумаги, паи и доли',
    tables: [
      {
        section: '7',
        title: 'Ценные бумаги',
        cols: ['№', 'Количество', 'Код страны', 'Валюта', 'Цена приобретения'],
        rows: 6,
        money: ['E', 'D'],
      },
      {
        section: '8',
        title: 'Паи инвестиционных фондов и доли',
        cols: ['№', 'Наименование', 'Номинальная стоимость', 'Валюта'],
        rows: 6,
        money: ['C', 'D'],
      },
    ],
  },
  {
    appendix: '05',
    title: 'Приложение 250.05. Иное имущество',
    tables: [
      {
        section: '1',
        title: 'Имущество',
        cols: ['№', 'Наименование', 'Количество', 'Стоимость', 'Валюта', 'Код страны'],
        rows: 6,
        money: ['D', 'E'],
      },
    ],
  },
  {
    appendix: '06',
    title: 'Приложение 250.06. Дебиторская и кредиторская задолженность',
    tables: [
      {
        section: '1',
        title: 'Задолженность',
        cols: [
          '№',
          'Кредитор',
          'Вид долга',
          'Сумма',
          'Валюта',
          'Код страны',
          'Рег. номер',
          'ИИН нотариуса',
          'Срок возврата',
        ],
        rows: 6,
        money: ['D', 'E'],
      },
    ],
  },
];

/**
 * Consistency rules of 250.00 as KGD CHECK scripts, each true of every declaration the writer prints
 * (src/xml/form-250.ts, pageFields in src/xml/model.ts; the deal form's rules in packages/contracts): a row of an
 * appendix table is numbered in column A whenever another of its columns is filled (the writer numbers every row
 * it prints and leaves the unused rows empty); an amount is not negative (the deal form takes no minus sign:
 * `amount2`) and comes with its currency (required by every 250 section with an amount). 250.00 has no pril_N
 * flags and no row groups: its tables are fixed rows `field_250_{appendix}_{section}_{column}_{row}`, one rule per
 * row, read on each copy of an appendix page (`@page_250_NN_01.` is the copy the rule runs on).
 */
function checkScripts250(L: Labels): string[] {
  const [noRowNumber, negative, noCurrency] = [
    message(L, 'noRowNumber'),
    message(L, 'negative'),
    message(L, 'noCurrency'),
  ];
  return checkXml(
    SECTIONS_250.flatMap((a) => {
      const page = `page_250_${a.appendix}_01`;
      return a.tables.flatMap((t) => {
        if (t.money && t.cols[t.money[1].charCodeAt(0) - 65] !== 'Валюта') {
          throw new Error(`250.${a.appendix} section ${t.section}: column ${t.money[1]} is not the currency`);
        }
        return upTo(t.rows).flatMap((n) => {
          const f = (c: string) => `field_250_${a.appendix}_${t.section}_${c}_${n}`;
          const others = t.cols.slice(1).map((_, i) => f(letter(i + 1)));
          const rules = [givenWith(page, f('A'), others, noRowNumber)];
          if (t.money) {
            const [amount, currency] = t.money.map(f) as [string, string];
            rules.push(notNegative(page, amount, negative), givenWith(page, currency, [amount], noCurrency));
          }
          return rules;
        });
      });
    }),
  );
}

function f250(): [string, string] {
  const L = new Labels(25000001);
  const p1 = new Page(L, 'page_250_00_01', 'ДЕКЛАРАЦИЯ ОБ АКТИВАХ И ОБЯЗАТЕЛЬСТВАХ (форма 250.00)');
  p1.heading('Общая информация');
  header(p1, 'S3 (вариант 250.00)', ['name1', 'name2', 'name3']);
  p1.line(YEAR('Год представления (год активов + 1)', 'S3: period_year = год активов + 1'));
  p1.line(date('app_year', 'Активы по состоянию на', 'app: 31.12 года активов'));
  p1.heading('Вид декларации');
  for (const k of KIND) p1.line(k);
  p1.line(txt('iin_spouse', 'ИИН супруга(и)', 'app: поле прежней выгрузки', 12));
  p1.line(txt('email', 'Электронная почта', 'S4'));
  p1.line(txt('payer_phone_number', 'Номер телефона', 'S4', 16));
  const p2 = new Page(L, 'page_250_00_02', 'Форма 250.00, страница 2');
  p2.line(IIN('S1: ИИН и год повторяются на каждой странице'));
  p2.line(YEAR('Год представления', 'S1, S3'));
  p2.heading('Ответственность налогоплательщика');
  p2.line(
    txt('head_name', 'Ф.И.О. налогоплательщика (полностью)', 'S1: последняя страница, обязательно; S7', 100, true),
  );
  p2.line(txt('filler_name', 'Ф.И.О. заполнившего декларацию', 'app: поле прежней выгрузки'));
  p2.line(date('submit_date', 'Дата подачи декларации', 'S1: последняя страница, обязательно; S5', true));
  p2.line({
    ...IIN(),
    name: 'rating_auth_code',
    label: 'Код органа государственных доходов',
    length: 4,
    source: 'S1: последняя страница',
  });
  p2.line(date('accept_date', 'Дата приема декларации', 'S1: последняя страница, обязательно', true));
  const main = `<mainForm code="250.00" formName="form_250_00" titleCode="${L.code('Форма 250.00')}"><sheetGroup>\n${p1.xml()}\n${p2.xml()}\n</sheetGroup>`;
  const att = SECTIONS_250.map((a) => {
    const p = new Page(L, `page_250_${a.appendix}_01`, a.title, true);
    p.line(IIN());
    p.line(YEAR('Год представления', 'S3'));
    p.line(PAGE_NO);
    for (const t of a.tables) {
      const src =
        a.appendix === '04' && t.section === '7' ? 'S3: раздел 7, графы A–E' : 'app: раздел и графы не подтверждены';
      p.table(
        `Раздел ${t.section}. ${t.title}`,
        t.cols.map((label, i) =>
          col(
            letter(i),
            { label, type: i === 0 ? 'NUMERIC' : 'TEXT', length: i === 0 ? 6 : 100, source: src },
            i === 0 ? 8 : 30,
          ),
        ),
        t.rows,
        (c, n) => `field_250_${a.appendix}_${t.section}_${c}_${n}`,
      );
    }
    return form(`250.${a.appendix}`, `form_250_${a.appendix}`, [p], true, false);
  });
  return fno('250.00', main, att, L, checkScripts250(L));
}

// ---- 240.00 ---------------------------------------------------------------------------------------
/**
 * The fifth_section figures the engine (packages/tax calculate.ts) does not floor at zero: the tax paid abroad is
 * the sum of the deals' foreign tax as stored (a partner's answer may give a negative one). Every other line of
 * 240.00 is an income sum floored at zero, an exemption of such incomes, the taxable income (floored), a tax, a
 * credit or the payable tax (floored): never negative.
 */
const MAY_BE_NEGATIVE = new Set(['amount_of_personal_income_tax_from_outside_rk']);

/**
 * Consistency rules of 240.00 as KGD CHECK scripts, each true of every declaration the writer prints
 * (src/xml/form-240.ts, lines240 in src/lines.ts) and none resting on what a line code means (the codes are ours,
 * unconfirmed): no line below zero (each line is its fifth_section figure rounded, the one that may be negative
 * aside); a row of the line-024 table filled only with its asset's kind in column A (the writer always writes
 * one: the security type or «ценные бумаги»; the table has no number column). No total is checked against its
 * parts: the writer rounds every line on its own (parts of 0.5 and 0.5 print 1 and 1, their total 1), and which
 * lines add up to which is the unconfirmed part.
 */
function checkScripts240(L: Labels): string[] {
  const [negative, noKind] = [message(L, 'negative'), message(L, 'noAssetKind')];
  const P1 = 'page_240_00_01';
  const P2 = 'page_240_00_02';
  return checkXml([
    ...LINES_240_00.filter((l) => !(l.source && 'field' in l.source && MAY_BE_NEGATIVE.has(l.source.field))).map((l) =>
      notNegative(P1, `field_240_00_${l.line}`, negative),
    ),
    ...upTo(ROWS_240_024).map((n) => {
      const f = (c: string) => `field_240_00_024_${n}_${c}`;
      return givenWith(P2, f('A'), ['B', 'C', 'D'].map(f), noKind);
    }),
  ]);
}

function f240(): [string, string] {
  const L = new Labels(24000001);
  const p1 = new Page(L, 'page_240_00_01', 'ДЕКЛАРАЦИЯ ПО ИНДИВИДУАЛЬНОМУ ПОДОХОДНОМУ НАЛОГУ (форма 240.00)');
  header(p1, 'S4', ['fio1', 'fio2', 'fio3']);
  p1.line(YEAR());
  for (const k of KIND) p1.line(k, '', 5.5);
  p1.line(txt('email', 'Электронная почта', 'S4'));
  p1.line(txt('payer_phone_number', 'Номер телефона', 'S4', 16));
  p1.line({ ...IIN(), name: 'rating_auth_code', label: 'Код органа государственных доходов', length: 4, source: 'S1' });
  p1.heading('Исчисление налога');
  for (const l of LINES_240_00) {
    p1.line(money(`field_240_00_${l.line}`, l.label, `app: ${l.uncertain ?? ''}`), `240.00.${l.line}`, 5.6);
  }
  const p2 = new Page(L, 'page_240_00_02', 'Форма 240.00, страница 2');
  p2.line(IIN('S1: ИИН и год повторяются на каждой странице'));
  p2.line(YEAR());
  const s = 'S6: таблица строки 024, 9 строк, графы A–D';
  p2.table(
    '240.00.024. Имущество за пределами Республики Казахстан',
    [
      col('A', { label: 'Вид имущества', type: 'TEXT', length: 200, source: s }, 60),
      col('B', { label: 'Код страны', type: 'TEXT', length: 3, source: s }, 20),
      col('C', { label: 'Регистрационный номер', type: 'TEXT', length: 100, source: s }, 50),
      col('D', { label: 'Дополнительные сведения', type: 'TEXT', length: 200, source: s }, 60),
    ],
    ROWS_240_024,
    (c, n) => `field_240_00_024_${n}_${c}`,
  );
  p2.heading('Ответственность налогоплательщика');
  p2.line(
    txt('head_name', 'Ф.И.О. налогоплательщика (полностью)', 'S1: последняя страница, обязательно; S7', 100, true),
  );
  p2.line(txt('filler_name', 'Ф.И.О. заполнившего декларацию', 'app: поле прежней выгрузки'));
  p2.line(date('submit_date', 'Дата подачи декларации', 'S1: последняя страница, обязательно; S5', true));
  p2.line(date('accept_date', 'Дата приема декларации', 'S1: последняя страница, обязательно', true));
  const main = `<mainForm code="240.00" formName="form_240_00" titleCode="${L.code('Форма 240.00')}"><sheetGroup>\n${p1.xml()}\n${p2.xml()}\n</sheetGroup>`;
  return fno('240.00', main, [], L, checkScripts240(L));
}

export function generate(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [code, build] of [
    ['270.00', f270],
    ['250.00', f250],
    ['240.00', f240],
  ] as const) {
    const v = FORM_FACTS.find((r) => r.code === code)!.version;
    const base = `form_${code.replace('.', '_')}_v${v}`;
    const [xml, loc] = build();
    out[`${base}.xml`] = xml;
    out[`${base}_loc.xml`] = loc;
  }
  return out;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const dir = new URL('../templates/', import.meta.url);
  for (const [name, text] of Object.entries(generate())) writeFileSync(new URL(name, dir), text);
}
