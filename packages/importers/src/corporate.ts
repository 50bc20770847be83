/**
 * Corporate actions (formats/corporate-actions.md): what a broker's row says happened, the split
 * arithmetic on lots, and the Russian comment each resulting deal carries.
 */
import Decimal from 'decimal.js';
import type { CorporateEvent } from './events.ts';
import type { CorporateActionKind, ImportedDeal } from './types.ts';
import { dateSortKey } from './values.ts';

/** One lot (or sale) after a split: quantity × ratio, total cost unchanged, unit cost ÷ ratio. */
export function splitLot(
  quantity: string,
  cost: string | null,
  ratio: string,
): { quantity: string; cost: string | null } {
  return { quantity: new Decimal(quantity).times(ratio).toFixed(), cost };
}

/** "SPLIT 4 FOR 1" → "4", "1 for 10" → "0.1", "3:2" → "1.5"; null when the text gives no ratio. */
export function splitRatioOf(description: string): string | null {
  const m = /(\d+(?:\.\d+)?)\s*(?:FOR|ЗА|:|-TO-|\/)\s*(\d+(?:\.\d+)?)/i.exec(description);
  if (!m) return null;
  const from = new Decimal(m[2]!);
  if (from.isZero()) return null;
  return new Decimal(m[1]!).dividedBy(from).toFixed();
}

/** The action a description names, for reports without a type code (IB activity CSV, Flex without `type`). */
export function corporateKindOfText(description: string, cash: boolean): CorporateActionKind | null {
  const d = description.toUpperCase();
  if (/SPLIT|СПЛИТ|CONSOLIDATION/.test(d)) return 'split';
  if (/SPIN-?OFF|SPINOFF|ВЫДЕЛЕНИ/.test(d)) return 'spinoff';
  if (/MATURITY|MATURED|REDEMPTION|REDEEMED|CALLED|ПОГАШЕН/.test(d)) return 'maturity';
  if (/TENDER|BUYBACK|ВЫКУП/.test(d)) return 'tender';
  if (/STOCK DIVIDEND|BONUS ISSUE|ДИВИДЕНД АКЦИЯМИ/.test(d)) return 'stock_dividend';
  if (/WORTHLESS|DELIST|ДЕЛИСТИНГ/.test(d)) return 'delisted';
  if (/COUPON|BOND INTEREST|КУПОН/.test(d)) return 'coupon';
  if (/MERGE|ACQUI|СЛИЯНИ|ОБМЕН/.test(d)) return cash ? 'cash_merger' : 'stock_merger';
  return null;
}

/** IB Flex `CorporateAction@type` (formats.md §1) → kind; `TC` is a merger paid in cash or in shares. */
export function ibCorporateKind(type: string, description: string, cash: boolean): CorporateActionKind | null {
  switch (type.toUpperCase()) {
    case 'FS':
    case 'RS':
      return 'split';
    case 'SO':
      return 'spinoff';
    case 'TC':
      return cash ? 'cash_merger' : 'stock_merger';
    case 'TO':
    case 'TI':
      return 'tender';
    case 'BM':
    case 'TM':
      return 'maturity';
    case 'SD':
      return 'stock_dividend';
    case 'DW':
      return 'delisted';
    case 'CP':
      return 'coupon';
    default:
      return corporateKindOfText(description, cash);
  }
}

const WHAT: Record<CorporateActionKind, string> = {
  split: 'сплит',
  cash_merger: 'слияние с выплатой денег',
  tender: 'тендерное предложение (выкуп бумаг)',
  stock_merger: 'слияние с обменом бумаг',
  spinoff: 'выделение компании (spin-off)',
  maturity: 'погашение облигации',
  coupon: 'купон',
  stock_dividend: 'дивиденд акциями',
  delisted: 'списание бумаг без выплаты',
};

const HOW: Record<CorporateActionKind, string> = {
  split: 'Количество бумаг и цена одной бумаги меняются, общая стоимость приобретения — нет; дохода нет.',
  cash_merger: 'Выбытие бумаг за деньги: доход = выплата − стоимость приобретения по FIFO.',
  tender: 'Выбытие бумаг за деньги: доход = выплата − стоимость приобретения по FIFO.',
  stock_merger: 'Стоимость старых бумаг переносится на новые в пропорции брокера; дохода при обмене нет.',
  spinoff: 'Часть стоимости материнских бумаг переносится на выделенные в пропорции брокера; дохода нет.',
  maturity: 'Вознаграждение = сумма погашения − стоимость приобретения.',
  coupon: 'Купон — вознаграждение, доход в полной сумме.',
  stock_dividend: 'Полученные акции учитываются по нулевой стоимости; доход возникнет при их продаже.',
  delisted: 'Выбытие бумаг с нулевой выручкой.',
};

/** The deal comment: what the broker reported and how it is declared. */
export const corporateComment = (e: CorporateEvent): string =>
  `Корпоративное действие: ${WHAT[e.action]}${e.description ? ` («${e.description}»)` : ''}. ${HOW[e.action]}`;

/**
 * A split marked on this report's own deals of the security dated before it (purchases and sales). Their
 * quantities stay as the broker reported them: FIFO puts every lot and sale before the split in
 * post-split units (quantity × ratio, cost unchanged), this report's and those imported earlier alike, so
 * a later sale matches the pre-split lots with their whole cost. Returns how many deals are before it.
 */
export function markSplit(out: (ImportedDeal | null)[], security: string, date: string, ratio: string): number {
  const before = dateSortKey(date);
  let marked = 0;
  for (const d of out) {
    if (!d || (d.kind !== 'purchase' && d.kind !== 'sale') || !d.quantity) continue;
    if ((d.isin_security ?? d.ticker ?? d.name_security) !== security) continue;
    if (dateSortKey(d.transaction_date) >= before) continue;
    const note = `Сплит ${date} (×${ratio}): при расчете FIFO количество считается как ${splitLot(d.quantity, null, ratio).quantity}, стоимость не меняется.`;
    d.comment = d.comment ? `${d.comment} ${note}` : note;
    marked++;
  }
  return marked;
}

export function splitNote(e: CorporateEvent, marked: number): string {
  if (!e.ratio) return 'Брокер не указал коэффициент сплита: проверьте количество бумаг в покупках до сплита.';
  const rule = `Покупки и продажи этой бумаги до ${e.date} (из этого и ранее загруженных отчетов) учитываются в FIFO в количестве × ${e.ratio}, стоимость не меняется.`;
  return marked ? `${rule} Сделок этого отчета до сплита: ${marked}.` : rule;
}
