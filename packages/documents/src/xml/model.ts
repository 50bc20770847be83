/** In-memory shape of a ФНО XML document: fno / form / sheetGroup / sheet / field (docs/formats.md). */
export type FnoField = readonly [name: string, value: string];

export interface FnoSheet {
  name: string;
  fields: FnoField[];
  /** repeated <row> groups (270.06 / 270.07) */
  rows?: FnoField[][];
}

export interface FnoForm {
  name: string;
  sheets: FnoSheet[];
}

export interface FnoDocument {
  code: string;
  formatVersion: string;
  version: string;
  forms: FnoForm[];
}

const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
// characters XML 1.0 cannot carry at all are dropped
// biome-ignore lint/suspicious/noControlCharactersInRegex: stripping them is the point
const INVALID = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

export function escapeXml(s: string): string {
  return s.replace(INVALID, '').replace(/[&<>"']/g, (c) => ESC[c] ?? c);
}

function field([name, value]: FnoField, indent: string): string {
  const n = escapeXml(name);
  return value === '' ? `${indent}<field name="${n}"/>` : `${indent}<field name="${n}">${escapeXml(value)}</field>`;
}

/** Serialises the model; empty values become <field name="x"/>. */
export function serialize(doc: FnoDocument): string {
  const out: string[] = ['<?xml version="1.0" encoding="UTF-8"?>'];
  out.push(
    `<fno code="${escapeXml(doc.code)}" formatVersion="${escapeXml(doc.formatVersion)}" version="${escapeXml(doc.version)}">`,
  );
  for (const form of doc.forms) {
    out.push(`  <form name="${escapeXml(form.name)}">`, '    <sheetGroup>');
    for (const sheet of form.sheets) {
      if (!sheet.fields.length && !sheet.rows?.length) {
        out.push(`      <sheet name="${escapeXml(sheet.name)}"/>`);
        continue;
      }
      out.push(`      <sheet name="${escapeXml(sheet.name)}">`);
      for (const f of sheet.fields) out.push(field(f, '        '));
      for (const row of sheet.rows ?? []) {
        out.push('        <row>');
        for (const f of row) out.push(field(f, '          '));
        out.push('        </row>');
      }
      out.push('      </sheet>');
    }
    out.push('    </sheetGroup>', '  </form>');
  }
  out.push('</fno>', '');
  return out.join('\n');
}

export interface RowTable {
  /** field prefix, e.g. 'field_270_04_B' or 'field_250_04_7' */
  prefix: string;
  /** column letters; the first one carries the running row number */
  columns: readonly string[];
  rowsPerPage: number;
  /** values for the columns after the first */
  rows: string[][];
}

export const pageCount = (tables: RowTable[]) =>
  Math.max(0, ...tables.map((t) => Math.ceil(t.rows.length / t.rowsPerPage)));

/**
 * Fixed-row page fields: page `p` (0-based) of each table, rows 1..rowsPerPage, unused rows
 * written empty as in the KGD template. Field name = `${prefix}_${column}_${n}`.
 */
export function pageFields(tables: RowTable[], p: number): FnoField[] {
  const fields: FnoField[] = [];
  for (const t of tables) {
    for (let n = 1; n <= t.rowsPerPage; n++) {
      const i = p * t.rowsPerPage + n - 1;
      const row = t.rows[i];
      t.columns.forEach((col, c) => {
        const v = row ? (c === 0 ? String(i + 1) : (row[c - 1] ?? '')) : '';
        fields.push([`${t.prefix}_${col}_${n}`, v]);
      });
    }
  }
  return fields;
}

export const bool = (b: boolean) => (b ? 'true' : 'false');
/** e.g. pageName('270', '04') = 'page_270_04_01' */
export const pageName = (form: string, appendix: string, n = 1) =>
  `page_${form}_${appendix}_${String(n).padStart(2, '0')}`;
