import { ruSortKey } from '@deklarant/contracts';
import { type FormatId, importerText } from '@deklarant/importers';

/**
 * Formats each broker of the brokers list gives (reference-data/brokers.json). Our template is accepted for
 * every broker; a broker not listed here (BCC Invest, Tabys, «Другой брокер») is not checked.
 */
const FORMATS_OF: Record<string, readonly FormatId[]> = {
  'Interactive Brokers': ['ib_flex_xml', 'ib_activity_csv'],
  'Freedom Finance РК': ['freedom_json', 'freedom_xml'],
  'Halyk Finance': ['halyk_xlsx', 'halyk_csv'],
  'Jusan Invest': ['jusan_csv', 'jusan_xlsx'],
  Binance: ['binance_trades_csv', 'binance_ledger_csv', 'binance_convert_csv'],
  Exante: ['exante_trades_csv', 'exante_transactions_csv'],
  'БКС Мир инвестиций': ['bcs_xls', 'bcs_xlsx'],
  'Т-Банк': ['tbank_xlsx'],
  Freedom24: ['freedom_json', 'freedom_xml'],
  Bybit: ['bybit_spot_csv'],
  OKX: ['okx_trades_csv'],
};

const TEMPLATE: readonly string[] = ['template_csv', 'template_xlsx', 'template_xls'];

/** The Russian refusal when the file is another broker's report than the one chosen, else null. */
export function brokerMismatch(chosen: string | null, detected: { format: string; broker: string }): string | null {
  if (!chosen || TEMPLATE.includes(detected.format)) return null;
  const allowed = FORMATS_OF[chosen];
  if (!allowed || allowed.includes(detected.format as FormatId)) return null;
  return importerText('upload.brokerMismatch', { detected: detected.broker, chosen });
}

/** dd.mm.yyyy → year */
const yearOf = (ru: string) => Number(ru.slice(6));

/**
 * The Russian refusal when the statement's whole period lies in another year than the declaration's
 * (purchases of earlier years come from the declarations of those years, FIFO reads them there).
 */
export function periodMismatch(period: { from: string; to: string } | undefined, year: number): string | null {
  if (!period) return null;
  const from = yearOf(period.from);
  const to = yearOf(period.to);
  if (from <= year && year <= to) return null;
  const values = { from: period.from, to: period.to, year, fromYear: from, toYear: to };
  return importerText(from === to ? 'upload.periodMismatchYear' : 'upload.periodMismatchYears', values);
}

/**
 * A note when the statement covers only part of the declaration's year (a quarter, a statement ending in
 * autumn): the deals and payments of the other months are not in it, and nothing else would say so.
 */
export function periodPartial(period: { from: string; to: string } | undefined, year: number): string | null {
  if (!period) return null;
  const first = `01.01.${year}`;
  const last = `31.12.${year}`;
  const from = ruSortKey(period.from) > ruSortKey(first) ? period.from : first;
  const to = ruSortKey(period.to) < ruSortKey(last) ? period.to : last;
  if (from === first && to === last) return null;
  return importerText('upload.periodPartial', { from, to, year });
}
