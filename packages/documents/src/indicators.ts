import { documentTexts, type Texts } from './i18n.ts';
import { LINES_240_00, LINES_270_01, type LineDef } from './lines.ts';

/** A form line's printed name in the document's language (catalogue `registers`, keys line270.* / line240.*). */
export const lineLabel = (x: Texts, appendix: '270_01' | '240_00', def: LineDef): string =>
  appendix === '270_01'
    ? x.t(`line270.${def.line}`)
    : def.source && 'field' in def.source
      ? x.t(`line240.${def.source.field}`)
      : def.label;

interface Indicator {
  appendix: '270_01' | '240_00';
  def: LineDef;
  /** printed line code after the name ('270.01.B.1.4', '240.00.004') */
  line?: string;
}

/**
 * The printed name of a calculation indicator the engine explains (a fifth_section field such as
 * 'value_income_amount', or a form line such as '270.01.B_1_4'): what the PDF and the workbook show
 * instead of the internal name. 270.01 line names first, then 240.00 ones (they cover every field).
 */
const BY_FIELD = new Map<string, Indicator>();
for (const def of LINES_270_01) {
  const s = def.source;
  if (s && 'field' in s && !BY_FIELD.has(s.field))
    BY_FIELD.set(s.field, { appendix: '270_01', def, line: `270.01.${def.line.replaceAll('_', '.')}` });
  if (s && 'first' in s)
    for (const f of s.first)
      if (!BY_FIELD.has(f)) BY_FIELD.set(f, { appendix: '270_01', def, line: `270.01.${def.line}` });
}
/** The same fields as 240.00 names them, for a 240.00 declaration (its explanations name its own lines). */
const BY_FIELD_240 = new Map<string, Indicator>();
for (const def of LINES_240_00) {
  const s = def.source;
  if (!s || !('field' in s)) continue;
  BY_FIELD_240.set(s.field, { appendix: '240_00', def, line: `240.00.${def.line}` });
  if (!BY_FIELD.has(s.field)) BY_FIELD.set(s.field, { appendix: '240_00', def });
}
const LINE_CODE = /^(270\.01|240\.00)\.([A-Z0-9_]+)$/;

function indicator(field: string, form?: number): Indicator | undefined {
  const known = (form === 1 ? BY_FIELD_240.get(field) : undefined) ?? BY_FIELD.get(field);
  if (known) return known;
  const m = LINE_CODE.exec(field);
  if (!m) return undefined;
  const appendix = m[1] === '270.01' ? '270_01' : '240_00';
  const def = (appendix === '270_01' ? LINES_270_01 : LINES_240_00).find((l) => l.line === m[2]);
  return def && { appendix, def, line: `${m[1]}.${def.line.replaceAll('_', '.')}` };
}

/** `form` 1 (240.00): the indicator under its 240.00 line, else under 270.01's. */
export function indicatorLabel(field: string, x: Texts = documentTexts(), form?: number): string {
  const found = indicator(field, form);
  if (!found) return x.t('explanations.unknownIndicator');
  const label = lineLabel(x, found.appendix, found.def);
  return found.line ? x.t('explanations.indicatorLine', { label, line: found.line }) : label;
}
