// The FIFO of decimal.js as it was before exact.ts (commit 4d729fd), kept unchanged as the reference the
// exact BigInt version is compared with in fifo-equivalence.test.ts. Not used by the engine.
import { dateKey } from '../../src/deal.ts';
import {
  amount,
  type Decimal,
  type DecimalLike,
  dec,
  isGiven,
  quantity,
  rateDec,
  TaxEngineError,
  ZERO,
} from '../../src/money.ts';

const ONE = dec(1);

import { yearRules } from '../../src/year-rules.ts';

/** A purchase lot: bought in `currency` at `rate` KZT per unit of that currency. */
interface Lot {
  id: string | number;
  /** security identity (ISIN or name, upper case), see `securityKey` */
  key: string;
  /** dd.mm.yyyy */
  date: string;
  quantity: DecimalLike;
  /** total price paid for the lot, in `currency` */
  cost: DecimalLike;
  currency?: string;
  /** KZT per unit of currency; may be omitted for KZT */
  rate?: DecimalLike | null;
  /** broker commission on the purchase, in `currency` */
  commission?: DecimalLike | null;
  /** carried from an earlier declaration */
  previousPeriod?: boolean;
}

interface Sale {
  id: string | number;
  key: string;
  date: string;
  quantity: DecimalLike;
}

interface ConsumedLot {
  lotId: string | number;
  date: string;
  currency: string;
  rate: string;
  quantity: string;
  /** part of the lot's price (plus commission when the year counts it), in the lot currency */
  cost: string;
  costKzt: string;
  previousPeriod: boolean;
}

interface SaleMatch {
  saleId: string | number;
  key: string;
  quantity: string;
  /** quantity no lot could cover (missing purchase history); its cost is unknown, not zero */
  unmatchedQuantity: string;
  costKzt: string;
  /** unrounded, for the engine's own sums */
  costKztExact: Decimal;
  consumed: ConsumedLot[];
}

interface FifoResult {
  matches: SaleMatch[];
  /** what is left of every lot, ready to be passed as `previousLots` next year */
  remaining: Lot[];
}

interface OpenLot {
  lot: Lot;
  order: number;
  date: number;
  qty: Decimal;
  /** what is left, in the lot currency and in KZT; consumed proportionally, the last part exactly */
  leftQty: Decimal;
  leftCost: Decimal;
  leftKzt: Decimal;
  /** set once nothing is left, so the hot loop needs no Decimal comparison */
  done: boolean;
  currency: string;
  rate: string;
}

function open(lot: Lot, order: number, withCommission: boolean): OpenLot {
  const currency = (lot.currency ?? 'KZT').toUpperCase();
  if (!isGiven(lot.rate) && currency !== 'KZT')
    throw new TaxEngineError(`No exchange rate for lot ${lot.id} in ${currency}`, 'rate_missing');
  const rate = isGiven(lot.rate) ? rateDec(lot.rate) : ONE;
  const qty = dec(lot.quantity);
  if (!qty.gt(0)) throw new TaxEngineError(`Lot ${lot.id} has no quantity`, 'lot_quantity');
  const commission = withCommission && isGiven(lot.commission) ? dec(lot.commission) : ZERO;
  const cost = commission.isZero() ? dec(lot.cost) : dec(lot.cost).plus(commission);
  return {
    lot,
    order,
    date: dateKey(lot.date),
    qty,
    leftQty: qty,
    leftCost: cost,
    leftKzt: cost.times(rate),
    done: false,
    currency,
    rate: typeof lot.rate === 'string' ? lot.rate : rate.toFixed(),
  };
}

/** Takes `wanted` from the lot: proportionally, or all that is left so rounding never strands a remainder. */
function take(lot: OpenLot, wanted: Decimal, into: ConsumedLot[]): { kzt: Decimal; taken: Decimal } {
  const all = wanted.greaterThanOrEqualTo(lot.leftQty);
  let taken = lot.leftQty;
  let cost = lot.leftCost;
  let kzt = lot.leftKzt;
  if (all) {
    lot.done = true;
    lot.leftQty = ZERO;
    lot.leftCost = ZERO;
    lot.leftKzt = ZERO;
  } else {
    taken = wanted;
    cost = lot.leftCost.times(taken).dividedBy(lot.leftQty);
    kzt = lot.leftKzt.times(taken).dividedBy(lot.leftQty);
    lot.leftQty = lot.leftQty.minus(taken);
    lot.leftCost = lot.leftCost.minus(cost);
    lot.leftKzt = lot.leftKzt.minus(kzt);
  }
  into.push({
    lotId: lot.lot.id,
    date: lot.lot.date,
    currency: lot.currency,
    rate: lot.rate,
    quantity: quantity(taken),
    cost: amount(cost),
    costKzt: amount(kzt),
    previousPeriod: lot.lot.previousPeriod === true,
  });
  return { kzt, taken };
}

const byDateThenOrder = <T extends { date: number; order: number }>(a: T, b: T) => a.date - b.date || a.order - b.order;

/**
 * First in, first out: each sale consumes the oldest lots of the same security bought on or before
 * the sale date, across currencies (each lot converted at its own rate, art. 332 НК-2018 cost basis).
 * The sale year decides whether purchase commissions are part of the cost (from 2025).
 */
export function matchFifoDecimal(sales: readonly Sale[], lots: readonly Lot[], opts: { year: number }): FifoResult {
  const withCommission = yearRules(opts.year).commissionsInCost.value;
  const queues = new Map<string, OpenLot[]>();
  const opened = lots.map((lot, i) => open(lot, i, withCommission));
  for (const l of [...opened].sort(byDateThenOrder)) {
    const q = queues.get(l.lot.key);
    if (q) q.push(l);
    else queues.set(l.lot.key, [l]);
  }
  const heads = new Map<string, number>();
  const ordered = sales.map((s, order) => ({ s, order, date: dateKey(s.date) })).sort(byDateThenOrder);
  const matches = new Array<SaleMatch>(sales.length);

  for (const { s, order, date } of ordered) {
    const queue = queues.get(s.key) ?? [];
    let head = heads.get(s.key) ?? 0;
    const asked = dec(s.quantity);
    let wanted = asked;
    let total = ZERO;
    const consumed: ConsumedLot[] = [];
    for (let i = head; i < queue.length; i++) {
      const lot = queue[i]!;
      if (lot.date > date) break; // later lots cannot pay for an earlier sale
      if (lot.done) continue;
      const { kzt, taken } = take(lot, wanted, consumed);
      total = consumed.length === 1 ? kzt : total.plus(kzt);
      wanted = wanted.minus(taken);
      if (!wanted.gt(0)) break;
    }
    while (head < queue.length && queue[head]!.done) head++;
    heads.set(s.key, head);
    matches[order] = {
      saleId: s.id,
      key: s.key,
      quantity: quantity(asked),
      unmatchedQuantity: wanted.isZero() ? '0' : quantity(wanted),
      costKzt: amount(total),
      costKztExact: total,
      consumed,
    };
  }

  const remaining = opened
    .filter((l) => !l.done)
    .map(
      (l): Lot => ({
        ...l.lot,
        quantity: quantity(l.leftQty),
        // commission is already inside leftCost when the year counts it
        cost: amount(l.leftCost),
        commission:
          withCommission || !isGiven(l.lot.commission)
            ? '0'
            : amount(dec(l.lot.commission).times(l.leftQty).dividedBy(l.qty)),
        previousPeriod: true,
      }),
    );
  return { matches, remaining };
}
