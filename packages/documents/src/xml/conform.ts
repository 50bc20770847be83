import type { FormTemplate, TemplateField } from '../template/model.ts';
import type { FnoDocument, FnoField, FnoForm } from './model.ts';

/**
 * Shapes the values the form builders computed into the template: every form of the template in its
 * order (a form with no values is still written, as KGD's empty file keeps all of them, S3), every page,
 * every field in template order with its value looked up by name in the same form instance (so a KGD
 * template that puts a field on another page still gets it), rows in the template's column order.
 * Values for fields the template does not have are left out and reported in `dropped`.
 */
export function conform(
  values: FnoDocument,
  t: FormTemplate,
  /** values every page carries when the builder gave none (iin, period_year) */
  common: Record<string, string>,
): { fno: FnoDocument; dropped: string[] } {
  const known = new Set<string>();
  const forms: FnoForm[] = [];
  for (const tf of t.forms) {
    const instances = values.forms.filter((f) => f.name === tf.name);
    for (const inst of instances.length ? instances : [{ name: tf.name, sheets: [] }]) {
      const byName = new Map<string, string>();
      for (const s of inst.sheets) for (const [n, v] of s.fields) if (!byName.has(n) || v !== '') byName.set(n, v);
      const rows = inst.sheets.flatMap((s) => s.rows ?? []).map((r) => new Map(r));
      forms.push({
        name: tf.name,
        sheets: tf.pages.map((p) => {
          const value = (f: TemplateField) => byName.get(f.name) || common[f.name] || '';
          const fields: FnoField[] = p.fields.map((f) => {
            known.add(f.name);
            return [f.name, value(f)];
          });
          const shape = p.rows[0];
          const out = { name: p.name, fields } as FnoForm['sheets'][number];
          if (shape && rows.length) {
            out.rows = rows.map((r) =>
              shape.map((f) => {
                known.add(f.name);
                return [f.name, r.get(f.name) ?? ''] as const;
              }),
            );
          } else if (shape) {
            for (const f of shape) known.add(f.name);
          }
          return out;
        }),
      });
    }
  }
  const dropped = new Set<string>();
  for (const f of values.forms)
    for (const s of f.sheets) {
      for (const [n, v] of s.fields) if (!known.has(n) && v !== '') dropped.add(`${f.name}.${n}`);
      for (const r of s.rows ?? [])
        for (const [n, v] of r) if (!known.has(n) && v !== '') dropped.add(`${f.name}.${n}`);
    }
  return {
    fno: { code: values.code, formatVersion: values.formatVersion, version: t.version, forms },
    dropped: [...dropped],
  };
}
