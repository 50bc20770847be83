import { LINES_240_00, LINES_270_01 } from './lines.ts';

/**
 * The printed name of a calculation indicator the engine explains (a fifth_section field such as
 * 'value_income_amount', or a form line such as '270.01.B_1_4'): what the PDF and the workbook show
 * instead of the internal name. 270.01 line names first, then 240.00 ones (they cover every field).
 */
const BY_FIELD = new Map<string, string>();
for (const l of LINES_270_01) {
  const s = l.source;
  if (s && 'field' in s && !BY_FIELD.has(s.field))
    BY_FIELD.set(s.field, `${l.label} (стр. 270.01.${l.line.replaceAll('_', '.')})`);
  if (s && 'first' in s)
    for (const f of s.first) if (!BY_FIELD.has(f)) BY_FIELD.set(f, `${l.label} (стр. 270.01.${l.line})`);
}
for (const l of LINES_240_00) {
  const s = l.source;
  if (s && 'field' in s && !BY_FIELD.has(s.field)) BY_FIELD.set(s.field, l.label);
}
const LINE_CODE = /^(270\.01|240\.00)\.([A-Z0-9_]+)$/;

export function indicatorLabel(field: string): string {
  const known = BY_FIELD.get(field);
  if (known) return known;
  const m = LINE_CODE.exec(field);
  if (m) {
    const defs = m[1] === '270.01' ? LINES_270_01 : LINES_240_00;
    const line = defs.find((l) => l.line === m[2]);
    if (line) return `${line.label} (стр. ${m[1]}.${line.line.replaceAll('_', '.')})`;
  }
  return 'Показатель расчета';
}
