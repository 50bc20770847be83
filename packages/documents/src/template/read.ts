import { DocumentError } from '../errors.ts';
import type {
  FormTemplate,
  TemplateField,
  TemplateForm,
  TemplatePage,
  TemplateRect,
  TemplateScript,
  TemplateText,
} from './model.ts';
import { decodeEntities, parseXmlTree, type XmlElement, XmlSyntaxError } from './xml-tree.ts';

type Node = XmlElement;

const FIELD_TAGS = new Set([
  'numericField',
  'textField',
  'dateField',
  'checkbox',
  'tcheckbox',
  'radioButton',
  'barcode',
  'comboBox',
  'listField',
]);

const bad = (file: string, why: string) =>
  new DocumentError('TEMPLATE_INVALID', `Шаблон формы «${file}» не принят: ${why}`, file);

const tagOf = (n: Node) => n.tag;
const kids = (n: Node) => n.children;
const attrs = (n: Node) => n.attrs;
const child = (n: Node, tag: string) => n.children.find((c) => c.tag === tag);
const children = (n: Node, tag: string) => n.children.filter((c) => c.tag === tag);
const num = (v: string | undefined) => (v === undefined || v === '' ? 0 : Number(v));
const textOf = (n: Node): string => n.text;

/** Java ARGB int (e.g. -1 = white, -8355712 = grey) as '#rrggbb'; null for transparent/absent. */
export function javaColor(v: string | undefined): string | null {
  if (v === undefined || v === '' || v === 'null') return null;
  const n = Number(v);
  if (!Number.isFinite(n)) return null;
  const argb = n >>> 0;
  if (argb >>> 24 === 0) return null;
  return `#${(argb & 0xffffff).toString(16).padStart(6, '0')}`;
}

function field(n: Node): TemplateField {
  const a = attrs(n);
  const length = a.length ? Number(a.length) : undefined;
  return {
    name: a.fieldName ?? '',
    type: a.fieldType ?? tagOf(n).toUpperCase(),
    ...(length && Number.isFinite(length) ? { length } : {}),
    comb: a.comb === 'true',
    lengthFixed: a.isLengthFixed === 'true',
    mandatory: a.isMandatory === 'true',
    ...(a.fractionalPart ? { fraction: Number(a.fractionalPart) } : {}),
    x: num(a.x),
    y: num(a.y),
    width: num(a.width),
    height: num(a.height),
    ...(a.labelCode ? { labelCode: a.labelCode } : {}),
    ...(a.groupId ? { groupId: a.groupId } : {}),
    ...(a.referenceKey ? { reference: a.referenceKey } : {}),
    ...(a.source ? { source: a.source } : {}),
  };
}

const fieldsOf = (container: Node | undefined) =>
  container
    ? kids(container)
        .filter((c) => FIELD_TAGS.has(tagOf(c)))
        .map(field)
    : [];

function viewItems(sheet: Node): { rects: TemplateRect[]; texts: TemplateText[] } {
  const rects: TemplateRect[] = [];
  const texts: TemplateText[] = [];
  const items = child(sheet, 'viewItems');
  for (const it of items ? kids(items) : []) {
    const a = attrs(it);
    const box = { x: num(a.x), y: num(a.y), width: num(a.width), height: num(a.height) };
    if (tagOf(it) === 'rectangle') {
      rects.push({
        ...box,
        fill: javaColor(a.brushColor),
        border: javaColor(a.borderColor),
        borderWidth: num(a.borderWidth),
      });
    } else if (tagOf(it) === 'text') {
      const font = child(it, 'font')?.attrs ?? {};
      texts.push({
        ...box,
        align: a.alignment === 'center' || a.alignment === 'right' ? a.alignment : 'left',
        valign: a.valignment === 'center' || a.valignment === 'bottom' ? a.valignment : 'top',
        code: a.valueCode ?? '',
        fontSize: num(font.size) || 8,
        bold: font.weight === 'bold' || /bold/i.test(font.name ?? ''),
      });
    }
  }
  return { rects, texts };
}

function page(sheet: Node): TemplatePage {
  const a = attrs(sheet);
  const rowsNode = child(sheet, 'rows');
  const rows = rowsNode ? children(rowsNode, 'row').map((r) => fieldsOf(child(r, 'fields'))) : [];
  return {
    name: a.pageName ?? '',
    width: num(a.width) || 210,
    height: num(a.height) || 297,
    orientation: a.orientation === 'HORIZONTAL' ? 'HORIZONTAL' : 'VERTICAL',
    ...(a.titleCode ? { titleCode: a.titleCode } : {}),
    fields: fieldsOf(child(sheet, 'fields')),
    rows: rows.filter((r) => r.length > 0),
    ...viewItems(sheet),
  };
}

function form(n: Node, main: boolean): TemplateForm {
  const a = attrs(n);
  const group = child(n, 'sheetGroup');
  return {
    name: a.formName ?? '',
    code: a.code ?? '',
    cloneable: a.cloneable === 'true',
    main,
    pages: group ? children(group, 'sheet').map(page) : [],
  };
}

/**
 * Reads a KGD form template (form_<code>_v<version>_r<revision>.xml). Throws DocumentError
 * TEMPLATE_INVALID naming `file` when the text is not well-formed or not a form template.
 */
export function parseTemplate(xml: string, file: string): FormTemplate {
  let fno: Node;
  try {
    fno = parseXmlTree(xml);
  } catch (e) {
    if (e instanceof XmlSyntaxError) throw bad(file, `ошибка XML в строке ${e.line}: ${e.message}`);
    throw e;
  }
  if (fno.tag !== 'fno') throw bad(file, 'нет элемента <fno>');
  const fa = attrs(fno);
  if (!fa.code || !/^\d{3}\.\d{2}$/.test(fa.code)) throw bad(file, 'не указан код формы (атрибут code)');
  if (!fa.version) throw bad(file, 'не указана версия шаблона (атрибут version)');
  const mainNode = child(fno, 'mainForm');
  if (!mainNode) throw bad(file, 'нет основной формы (<mainForm>)');
  const forms = [form(mainNode, true)];
  const att = child(mainNode, 'attachmentForms');
  for (const af of att ? children(att, 'attachmentForm') : []) forms.push(form(af, false));
  for (const f of forms) {
    if (!f.name || !f.pages.length) throw bad(file, `форма ${f.name || '(без имени)'} без страниц`);
    for (const p of f.pages) if (!p.name) throw bad(file, `в форме ${f.name} страница без имени`);
  }
  const scripts: TemplateScript[] = [];
  const sl = child(fno, 'scriptList');
  for (const s of sl ? children(sl, 'script') : []) {
    const sa = attrs(s);
    const body = child(s, 'script');
    scripts.push({ field: sa.field ?? '', type: sa.type ?? '', code: body ? textOf(body) : '' });
  }
  return {
    code: fa.code,
    version: fa.version,
    ...(fa.revisionNumber ? { revision: fa.revisionNumber } : {}),
    ...(fa.startDate ? { startDate: fa.startDate } : {}),
    ...(fa.endDate ? { endDate: fa.endDate } : {}),
    ...(fa.docDesc ? { description: fa.docDesc } : {}),
    ...(fa.uncertain ? { uncertain: fa.uncertain } : {}),
    forms,
    scripts,
    labels: new Map(),
    file,
  };
}

/**
 * Kazakh labels of a *_loc.xml file (<localizationItems><kaz><entry><kazItem messageCode message>), blank
 * ones left out; empty when the file has no Kazakh list (ours have one: scripts/form-labels-kk.ts).
 */
export function parseKazakhLabels(xml: string): Map<string, string> {
  const labels = new Map<string, string>();
  const start = xml.indexOf('<kaz');
  if (start < 0) return labels;
  const end = xml.indexOf('</kaz>', start);
  const part = xml.slice(start, end < 0 ? undefined : end);
  for (const m of part.matchAll(/<kazItem\s+messageCode="([^"]*)"\s+message="([^"]*)"/g)) {
    const text = decodeEntities(m[2] ?? '');
    if (text.trim()) labels.set(m[1] ?? '', text);
  }
  return labels;
}

/**
 * Russian labels of a *_loc.xml file (<localizationItems><rus><entry><rusItem messageCode message type>) and
 * each one's type (LABEL, ERROR, HINT: a script's message code is a refusal only when it is an ERROR).
 * Scanned, not parsed into a tree: KGD's label files are several megabytes.
 */
export function readLabels(xml: string, file: string): { labels: Map<string, string>; types: Map<string, string> } {
  const start = xml.indexOf('<rus');
  if (!xml.includes('<localizationItems') || start < 0)
    throw bad(file, 'нет списка подписей (<localizationItems><rus>)');
  const end = xml.indexOf('</rus>', start);
  const part = xml.slice(start, end < 0 ? undefined : end);
  const labels = new Map<string, string>();
  const types = new Map<string, string>();
  for (const m of part.matchAll(/<rusItem\s+messageCode="([^"]*)"\s+message="([^"]*)"(?:\s+type="([^"]*)")?/g)) {
    labels.set(m[1] ?? '', decodeEntities(m[2] ?? ''));
    if (m[3]) types.set(m[1] ?? '', m[3]);
  }
  return { labels, types };
}

/** Russian labels of a *_loc.xml file (see `readLabels`). */
export const parseLabels = (xml: string, file: string): Map<string, string> => readLabels(xml, file).labels;
