import type { FnoDocument, FnoField, FnoForm, FnoSheet } from './model.ts';

const TAG = /<(\/?)(fno|form|sheet|row|field)\b([^>]*?)(\/?)>([^<]*)/g;
const ATTR = /([\w:-]+)="([^"]*)"/g;
const unescapeXml = (s: string) =>
  s.replace(
    /&(lt|gt|quot|apos|amp);/g,
    (_, e: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[e] ?? '',
  );
const attrs = (s: string) => Object.fromEntries([...s.matchAll(ATTR)].map((m) => [m[1], unescapeXml(m[2] ?? '')]));

/** Reads a ФНО XML file back into the model (fno / form / sheet / field / row); a signature is ignored. */
export function parseFno(xml: string): FnoDocument {
  const doc: FnoDocument = { code: '', formatVersion: '', version: '', forms: [] };
  let form: FnoForm | null = null;
  let sheet: FnoSheet | null = null;
  let row: FnoField[] | null = null;
  for (const m of xml.matchAll(TAG)) {
    const [, close, tag, a = '', self, after = ''] = m;
    if (close) {
      if (tag === 'row') row = null;
      else if (tag === 'sheet') sheet = null;
      else if (tag === 'form') form = null;
      continue;
    }
    const at = attrs(a);
    if (tag === 'fno') {
      doc.code = at.code ?? '';
      doc.formatVersion = at.formatVersion ?? '';
      doc.version = at.version ?? '';
    } else if (tag === 'form') {
      form = { name: at.name ?? '', sheets: [] };
      doc.forms.push(form);
    } else if (tag === 'sheet' && form) {
      const s: FnoSheet = { name: at.name ?? '', fields: [] };
      form.sheets.push(s);
      sheet = self ? null : s;
    } else if (tag === 'row' && sheet && !self) {
      row = [];
      sheet.rows = [...(sheet.rows ?? []), row];
    } else if (tag === 'field' && sheet) {
      const f: FnoField = [at.name ?? '', self ? '' : unescapeXml(after)];
      (row ?? sheet.fields).push(f);
    }
  }
  return doc;
}
