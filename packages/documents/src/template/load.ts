import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { DocumentError } from '../errors.ts';
import type { FormTemplate } from './model.ts';
import { parseKazakhLabels, parseTemplate, readLabels } from './read.ts';

/** The form file of a KGD package: form_<code>_v<version>[_r<revision>].xml (not _loc/_chr/_packInfo). */
const FORM_FILE = /^form_(\d{3})_(\d{2})_v[\w.-]+?\.xml$/i;
const COMPANION = /_(loc|chr|packInfo)\.xml$/i;

export const isFormFile = (name: string) => FORM_FILE.test(name) && !COMPANION.test(name);

/** Reads one template file and its labels (<same name>_loc.xml next to it, when present). */
export function readTemplateFile(path: string): FormTemplate {
  const file = basename(path);
  let xml: string;
  try {
    xml = readFileSync(path, 'utf8');
  } catch {
    throw new DocumentError('TEMPLATE_INVALID', `Шаблон формы «${file}» не прочитан`, file);
  }
  const t = parseTemplate(xml, file);
  const m = FORM_FILE.exec(file);
  if (m && `${m[1]}.${m[2]}` !== t.code) {
    throw new DocumentError(
      'TEMPLATE_INVALID',
      `Шаблон формы «${file}» не принят: имя файла говорит о форме ${m[1]}.${m[2]}, а внутри форма ${t.code}`,
      file,
    );
  }
  const loc = path.replace(/\.xml$/i, '_loc.xml');
  if (existsSync(loc)) {
    const text = readFileSync(loc, 'utf8');
    const { labels, types } = readLabels(text, basename(loc));
    t.labels = labels;
    t.labelTypes = types;
    t.kazakhLabels = parseKazakhLabels(text);
  }
  return t;
}

/** Every form template in a folder (and its direct subfolders, one per form as KGD packages unpack). */
export function readTemplateDir(dir: string, only?: (file: string) => boolean): FormTemplate[] {
  const out: FormTemplate[] = [];
  const visit = (d: string, depth: number) => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) {
        if (depth < 2) visit(p, depth + 1);
      } else if (isFormFile(name) && (!only || only(name))) {
        out.push(readTemplateFile(p));
      }
    }
  };
  visit(dir, 0);
  return out;
}
