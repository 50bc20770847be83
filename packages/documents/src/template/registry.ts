import { fileURLToPath } from 'node:url';
import { DocumentError } from '../errors.ts';
import type { FnoCode } from '../forms/uncertain.ts';
import { russian } from '../i18n.ts';
import { readTemplateDir } from './load.ts';
import { allFields, type FormTemplate } from './model.ts';

/** Forms the app writes; a template for any other form is refused. */
export const SUPPORTED_FORMS: readonly FnoCode[] = ['270.00', '250.00', '240.00'];

const BUNDLED_DIR = fileURLToPath(new URL('../../templates/', import.meta.url));
const bundled = new Map<FnoCode, FormTemplate[]>();
let operator: FormTemplate[] = [];
let operatorDir: string | undefined;

const yearOf = (d: string | undefined) => (d && /^\d{2}\.\d{2}\.\d{4}$/.test(d) ? Number(d.slice(6)) : undefined);

/** The template covers the tax year (its startDate..endDate; no dates = every year). */
export function covers(t: FormTemplate, year: number): boolean {
  const from = yearOf(t.startDate);
  const to = yearOf(t.endDate);
  return (from === undefined || year >= from) && (to === undefined || year <= to);
}

/** Refuses a template the writer cannot use; the message names the file. */
export function assertUsable(t: FormTemplate): void {
  const refuse = (why: string) =>
    new DocumentError('TEMPLATE_INVALID', `Шаблон формы «${t.file}» не принят: ${why}`, t.file);
  if (!SUPPORTED_FORMS.includes(t.code as FnoCode)) {
    throw refuse(`это форма ${t.code}, а Декларант заполняет только ${SUPPORTED_FORMS.join(', ')}`);
  }
  const main = t.forms[0];
  const expected = `form_${t.code.replace('.', '_')}`;
  if (main?.name !== expected) throw refuse(`основная форма называется ${main?.name ?? '—'}, ожидается ${expected}`);
  if (!allFields(t).some((f) => f.name === 'iin')) throw refuse('в шаблоне нет поля iin');
}

/** Our own description of a form (packages/documents/templates), read on first use. */
function bundledFor(code: FnoCode): FormTemplate[] {
  let list = bundled.get(code);
  if (!list) {
    const prefix = `form_${code.replace('.', '_')}_`;
    list = readTemplateDir(BUNDLED_DIR, (f) => f.startsWith(prefix));
    for (const t of list) assertUsable(t);
    bundled.set(code, list);
  }
  return list;
}

/**
 * Loads an operator's KGD template folder (FORM_TEMPLATES_DIR): from then on its templates are used
 * instead of ours for the forms and years they cover. Throws DocumentError TEMPLATE_INVALID naming the
 * file when a template is malformed or for another form; nothing is changed then. `undefined` = ours only.
 */
export function useTemplateDir(dir: string | undefined): FormTemplate[] {
  if (!dir) {
    operator = [];
    operatorDir = undefined;
    return [];
  }
  const loaded = readTemplateDir(dir);
  for (const t of loaded) assertUsable(t);
  operator = loaded;
  operatorDir = dir;
  return loaded;
}

/** useTemplateDir once per folder (render threads call it before each document). */
export const ensureTemplateDir = (dir: string | undefined): FormTemplate[] =>
  dir === operatorDir ? operator : useTemplateDir(dir);

/** The template for a form and tax year: the operator's when one covers the year, else ours. */
export function templateFor(code: FnoCode, year: number): FormTemplate {
  const pick = (list: FormTemplate[]) =>
    list
      .filter((t) => t.code === code && covers(t, year))
      .sort((a, b) => Number(b.version) - Number(a.version) || Number(b.revision ?? 0) - Number(a.revision ?? 0))[0];
  const t = pick(operator) ?? pick(bundledFor(code));
  if (!t) throw new DocumentError('UNSUPPORTED_FORM', russian('refusal.noTemplate', { code, year }), 'year');
  return t;
}
