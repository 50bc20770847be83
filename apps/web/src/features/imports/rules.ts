import { type CommonData, FORM, MSG, SECTIONS, TARIFF } from '@deklarant/contracts';
import { i18next, tKey } from '../../shared/i18n/i18n.ts';

/** The upload limit: 5 MB per file by default. */
export const MAX_FILE_MB = 5;
/** Excel, csv and xml when the broker names none (docs/formats.md). */
export const DEFAULT_EXTENSIONS = ['xlsx', 'xls', 'csv', 'xml'];

/** The message (the Russian catalogue text, localized where shown) for a file of the wrong type or size, or null. */
export function fileProblem(file: { name: string; size: number }, extensions: readonly string[]): string | null {
  const exts = extensions.length ? extensions : DEFAULT_EXTENSIONS;
  const ext = file.name.includes('.') ? (file.name.split('.').pop()?.toLowerCase() ?? '') : '';
  if (!exts.map((e) => e.toLowerCase()).includes(ext)) return MSG.wrongFormat(exts.join(', '));
  if (file.size > MAX_FILE_MB * 1024 * 1024) return MSG.fileTooLarge(MAX_FILE_MB);
  return null;
}

export const acceptOf = (extensions: readonly string[]) =>
  (extensions.length ? extensions : DEFAULT_EXTENSIONS).map((e) => `.${e}`).join(',');

/** Why a report cannot be added to this form right now (texts in MSG, localized where shown), or null. */
export function uploadBlock(
  d: Pick<CommonData, 'archived' | 'broker' | 'referral_code' | 'tariff_type'>,
  broker: string | null,
): string | null {
  if (d.archived) return MSG.archivedUpload;
  const coupon = Boolean(d.broker) && Boolean(d.referral_code) && d.tariff_type !== TARIFF.CONSULTANT;
  if (coupon && broker !== null && broker.toLowerCase() !== (d.broker ?? '').toLowerCase()) return MSG.couponUpload;
  return null;
}

/** Where data entry continues after the upload: step 5 for form 250.00, else step 4. */
export const dataEntryUrl = (formId: number) => `/app/declaration?step=${formId === FORM.F250 ? 5 : 4}`;

export interface SectionCount {
  key: string;
  tile: string;
  title: string;
  route: string;
  count: number;
}

/** Added deals per section, in the order of the declaration (the dictionary's texts; screens translate them). */
export function sectionCounts(bySection: Record<string, number>): SectionCount[] {
  return SECTIONS.filter((s) => (bySection[s.key] ?? 0) > 0).map((s) => ({
    key: s.key,
    tile: s.tile,
    title: s.title,
    route: s.route,
    count: bySection[s.key] ?? 0,
  }));
}

export type ImportStatus = 'queued' | 'running' | 'retrying' | 'done' | 'failed';

/** What the import is doing, in the active language (imports:status.*). */
export const statusText = (s: ImportStatus): string => i18next.t(`imports:status.${s}`);

export const isFinished = (s: ImportStatus | undefined) => s === 'done' || s === 'failed';

/** "Строка 14" for numeric rows, the report's own label otherwise; "Файл 2" when several files were sent. */
export function rowLabel(issue: { file: number; row: number | string }, files: number): string {
  const row = typeof issue.row === 'number' ? i18next.t('imports:row', { row: issue.row }) : String(issue.row);
  return files > 1 ? i18next.t('imports:fileRow', { file: issue.file + 1, row }) : row;
}

/**
 * A row error or skipped row as one line: its row label, then its text. A row error's text already starts with
 * its row («Строка 6: …», as the importer wrote it); that label is not repeated.
 */
export function issueLine(issue: { file: number; row: number | string; message: string }, files: number): string {
  const own = `${typeof issue.row === 'number' ? i18next.t('imports:row', { row: issue.row }) : String(issue.row)}: `;
  const text = issue.message.startsWith(own) ? issue.message.slice(own.length) : issue.message;
  return `${rowLabel(issue, files)}: ${text}`;
}

/** The kinds of rows read (packages/importers reconcile.ts), in the legend's order; named by imports:kind.*. */
export const ROW_KINDS = [
  'trade_buy',
  'trade_sell',
  'dividend',
  'coupon',
  'interest',
  'repayment',
  'tax',
  'corporate_action',
  'position',
  'cash',
  'unknown',
  'skipped',
  'error',
] as const;

/** A kind's name in the active language; a kind the legend does not know keeps its code. */
export const rowKindText = (kind: string): string =>
  (ROW_KINDS as readonly string[]).includes(kind) ? tKey(`imports:kind.${kind}`) : kind;

/** The kinds read, in the order of ROW_KINDS (kinds it does not name last). */
export function rowKinds(rows: Record<string, number>): [string, number][] {
  const order: readonly string[] = ROW_KINDS;
  const rank = (k: string) => (order.includes(k) ? order.indexOf(k) : order.length);
  return Object.entries(rows).sort((a, b) => rank(a[0]) - rank(b[0]));
}

/** The money lines of a currency's totals, in the table's order (imports:money.*). */
export const MONEY_KINDS = ['proceeds', 'costs', 'income', 'taxes'] as const;

export type MoneyKind = (typeof MONEY_KINDS)[number];

export const moneyKindText = (kind: MoneyKind): string => i18next.t(`imports:money.${kind}`);

/** Lines of a currency's totals that carry money, each with whether the file and the deals agree. */
export function totalLines(
  totals: Record<MoneyKind, { file: string; deals: string }>,
): { kind: MoneyKind; file: string; deals: string; same: boolean }[] {
  return [...MONEY_KINDS]
    .map((kind) => ({ kind, ...totals[kind] }))
    .filter((l) => l.file !== '0' || l.deals !== '0')
    .map((l) => ({ ...l, same: sameAmount(l.file, l.deals) }));
}

/** "10.50" and "10.5" are the same amount (exact, by digits). */
export function sameAmount(a: string, b: string): boolean {
  const norm = (s: string) => {
    const [i = '0', f = ''] = s.replace(/^\+/, '').split('.');
    const frac = f.replace(/0+$/, '');
    const int = i.replace(/^(-?)0+(?=\d)/, '$1');
    return frac ? `${int}.${frac}` : int === '-0' ? '0' : int;
  };
  return norm(a) === norm(b);
}
