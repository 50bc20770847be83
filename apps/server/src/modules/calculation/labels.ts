import { FIFTH_SECTION_FIELDS, type FifthSectionField, FORM } from '@deklarant/contracts';
import { computeLines, LINES_240_00, LINES_270_01, type LineDef } from '@deklarant/documents';
import calculation from '@deklarant/i18n/locales/ru/calculation.json';
import { flatIncomeTaxRate } from '@deklarant/tax';

/** Russian names of the fifth_section figures (step 6 'Исчисление ИПН'); the web shows them in its language by field. */
export const FIFTH_SECTION_LABELS: Record<FifthSectionField, string> = calculation.lines;

function codeFor(defs: readonly LineDef[], appendix: string, field: FifthSectionField): string | null {
  const def = defs.find((d) => {
    const s = d.source;
    if (!s) return false;
    if ('field' in s) return s.field === field;
    if ('first' in s) return s.first.includes(field);
    return false;
  });
  return def ? `${appendix}.${def.line.replaceAll('_', '.')}` : null;
}

/** The printed line code of a figure on the form ('270.01.A.1.2', '240.00.003'), or null when not on the form. */
export function lineCode(form: number, field: FifthSectionField): string | null {
  if (form === FORM.F270) return codeFor(LINES_270_01, '270.01', field);
  if (form === FORM.F240) return codeFor(LINES_240_00, '240.00', field);
  return null;
}

/** Display order of step 6: incomes, totals, adjustments, the tax. */
export const FIELD_ORDER: readonly FifthSectionField[] = FIFTH_SECTION_FIELDS;

/**
 * Each figure as the form prints it, in whole tenge: the same line arithmetic as the declaration's XML and PDF
 * (packages/documents `computeLines`), keyed by the fifth_section field the line shows.
 */
export function formAmounts(
  form: number,
  year: number,
  fifth: Partial<Record<FifthSectionField, string>>,
): Map<string, string> {
  const table =
    form === FORM.F270
      ? computeLines(LINES_270_01, '270_01', fifth, { taxRate: flatIncomeTaxRate(year) })
      : form === FORM.F240
        ? computeLines(LINES_240_00, '240_00', fifth)
        : [];
  const out = new Map<string, string>();
  for (const l of table) {
    const s = l.source;
    if (!s || l.whole === '') continue;
    const fields = 'field' in s ? [s.field] : 'first' in s ? s.first : [];
    for (const f of fields) if (!out.has(f)) out.set(f, l.whole);
  }
  return out;
}
