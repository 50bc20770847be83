import { DEFAULT_LANGUAGE, type Language } from '@deklarant/i18n';
import { importerText } from '@deklarant/importers';
import { localize, t } from '../../lib/language.ts';
import type { ImportIssue } from './repo.ts';
import type { ImportView } from './service.ts';

const CYRILLIC = /[\u0400-\u04ff]/;

/**
 * A row reference in `lng`. A numeric row stays a number (the screen names it); a label the importers wrote in
 * Russian («Строки 3, 4») is given in `lng`; a report's own label («Trade №3 (U123)») stays as it is.
 */
const rowIn = (lng: Language, row: number | string) =>
  typeof row === 'string' && CYRILLIC.test(row) ? localize(lng, row) : row;

/** The Russian row label a row error starts with (packages/importers RowReader: «Строка 14: …»). */
const ruRowLabel = (row: number | string) => (typeof row === 'number' ? importerText('row.label', { row }) : row);

/** One row error or skipped row in `lng`: its row label and its text (the importers' Russian catalogue texts). */
function issueIn(lng: Language, issue: ImportIssue): ImportIssue {
  const prefix = `${ruRowLabel(issue.row)}: `;
  const message = issue.message.startsWith(prefix)
    ? `${typeof issue.row === 'number' ? t(lng, 'importers:row.label', { row: issue.row }) : rowIn(lng, issue.row)}: ${localize(lng, issue.message.slice(prefix.length))}`
    : localize(lng, issue.message);
  return { ...issue, row: rowIn(lng, issue.row), message };
}

/**
 * The import's texts in the reader's language (GET /api/imports/{id}): the result or refusal message, row errors,
 * skipped rows with their reasons and the reconciliation notes. They are stored in Russian, as the importers and
 * this module wrote them, and translated here, when answered (the labels of the reconciliation — kinds of rows,
 * sections, sums — are keys the screen names itself). Russian answers are not touched.
 */
export function importViewIn(lng: Language, view: ImportView): ImportView {
  if (lng === DEFAULT_LANGUAGE) return view;
  const reconciliation = view.counts.reconciliation?.map((r) => ({
    ...r,
    notes: r.notes.map((n) => localize(lng, n)),
  }));
  return {
    ...view,
    message: view.message === null ? null : localize(lng, view.message),
    counts: reconciliation ? { ...view.counts, reconciliation } : view.counts,
    errors: view.errors.map((e) => issueIn(lng, e)),
    skipped: view.skipped.map((s) => issueIn(lng, s)),
  };
}
