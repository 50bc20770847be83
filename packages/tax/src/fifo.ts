import { dateKey } from './deal.ts';
import {
  amountOf,
  compare,
  dividedBy,
  type Exact,
  exact,
  exactRepeated,
  isPlainText,
  minus,
  plain,
  plus,
  times,
  toDecimal,
  X0,
  X1,
} from './exact.ts';
import { type Decimal, type DecimalLike, isGiven, TaxEngineError } from './money.ts';
import { yearRules } from './year-rules.ts';

/** A purchase lot: bought in `currency` at `rate` KZT per unit of that currency. */
export interface Lot {
  id: string | number;
  /** security identity (ISIN or name, upper case), see `securityKey` */
  key: string;
  /** dd.mm.yyyy */
  date: string;
  quantity: DecimalLike;
  /** total price paid for the lot, in `currency` */
  cost: DecimalLike;
  currency?: string;
  /** KZT per unit of currency; may be omitted for KZT, and when `costKzt` is given */
  rate?: DecimalLike | null;
  /**
   * The lot's whole cost in KZT when it is already known as such (a stored tenge figure): it replaces
   * `cost` × `rate`, so the lot keeps its own currency and price while its KZT cost stays the stored one.
   * The commission is then not added (the tenge figure is the whole cost, in both currencies).
   */
  costKzt?: DecimalLike | null;
  /** broker commission on the purchase, in `currency` */
  commission?: DecimalLike | null;
  /** carried from an earlier declaration */
  previousPeriod?: boolean;
}

export interface Sale {
  id: string | number;
  key: string;
  date: string;
  quantity: DecimalLike;
}

export interface ConsumedLot {
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

export interface SaleMatch {
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

export interface FifoResult {
  matches: SaleMatch[];
  /** what is left of every lot, ready to be passed as `previousLots` next year */
  remaining: Lot[];
}

interface OpenLot {
  lot: Lot;
  date: number;
  qty: Exact;
  /** what is left, in the lot currency and in KZT; consumed proportionally, the last part exactly */
  leftQty: Exact;
  leftCost: Exact;
  leftKzt: Exact;
  /** the lot's quantity text when it is already what `plain` would print (reused while the lot is whole) */
  qtyText: string | null;
  /** KZT cost of the part last taken */
  takenKzt: Exact;
  /** cost of the part last taken, in the lot currency */
  takenCost: Exact;
  /** set once nothing is left, so the hot loop needs no comparison */
  done: boolean;
  currency: string;
  rate: string;
}

// The arithmetic is exact.ts: BigInt values that round exactly as the engine's Decimal (40 significant
// digits, half-up) would, so the figures are the ones decimal.js gave, digit for digit, in a fraction of
// the time (PERF.md).

function open(lot: Lot, withCommission: boolean): OpenLot {
  const currency = upper(lot.currency ?? 'KZT');
  const givenKzt = isGiven(lot.costKzt) ? exact(lot.costKzt) : null;
  if (!isGiven(lot.rate) && currency !== 'KZT' && givenKzt === null)
    throw new TaxEngineError(`No exchange rate for lot ${lot.id} in ${currency}`, 'rate_missing');
  const rate = isGiven(lot.rate) ? exactRepeated(lot.rate) : X1;
  const qty = exact(lot.quantity);
  if (qty.n <= 0n) throw new TaxEngineError(`Lot ${lot.id} has no quantity`, 'lot_quantity');
  const commission =
    withCommission && givenKzt === null && isGiven(lot.commission) ? exactRepeated(lot.commission) : X0;
  const cost = commission.n === 0n ? exact(lot.cost) : plus(exact(lot.cost), commission);
  return {
    lot,
    date: dateKey(lot.date),
    qty,
    leftQty: qty,
    leftCost: cost,
    leftKzt: givenKzt ?? times(cost, rate),
    qtyText: typeof lot.quantity === 'string' && isPlainText(lot.quantity) ? lot.quantity : null,
    takenKzt: X0,
    takenCost: X0,
    done: false,
    currency,
    rate: rateText(lot, rate, givenKzt, cost),
  };
}

/** The lot's rate as text: as given, else (a KZT cost given) the one it implies, KZT cost ÷ cost. */
function rateText(lot: Lot, rate: Exact, givenKzt: Exact | null, cost: Exact): string {
  if (typeof lot.rate === 'string') return lot.rate;
  if (isGiven(lot.rate) || givenKzt === null) return plain(rate);
  return cost.n === 0n ? '0' : plain(dividedBy(givenKzt, cost));
}

/** Takes `taken` from the lot: proportionally, or (`all`) all that is left so rounding never strands a remainder. */
function take(lot: OpenLot, taken: Exact, all: boolean, takenText: string | null): ConsumedLot {
  let cost = lot.leftCost;
  let kzt = lot.leftKzt;
  const quantity = lot.qtyText !== null && taken === lot.qty ? lot.qtyText : (takenText ?? plain(taken));
  if (all) {
    lot.done = true;
    lot.leftQty = X0;
    lot.leftCost = X0;
    lot.leftKzt = X0;
  } else {
    cost = dividedBy(times(lot.leftCost, taken), lot.leftQty);
    kzt = dividedBy(times(lot.leftKzt, taken), lot.leftQty);
    lot.leftQty = minus(lot.leftQty, taken);
    lot.leftCost = minus(lot.leftCost, cost);
    lot.leftKzt = minus(lot.leftKzt, kzt);
  }
  lot.takenKzt = kzt;
  lot.takenCost = cost;
  return {
    lotId: lot.lot.id,
    date: lot.lot.date,
    currency: lot.currency,
    rate: lot.rate,
    quantity,
    cost: amountOf(cost),
    costKzt: amountOf(kzt),
    previousPeriod: lot.lot.previousPeriod === true,
  };
}

/**
 * Indexes 0..n-1 ordered by date, then by index (a stable sort by date). Sorting the numbers
 * date × n + index as a Float64Array needs no comparator call and no object per item: for 100,000
 * items it is several times faster than `Array.prototype.sort` with a comparator.
 */
function byDate(dates: ArrayLike<number>): ArrayLike<number> {
  const n = dates.length;
  // dateKey is at most 99,991,231; the products stay exact integers below 2^53 up to 90 million items
  if (n > 90_000_000) return Array.from({ length: n }, (_, i) => i).sort((a, b) => dates[a]! - dates[b]! || a - b);
  const keys = new Float64Array(n);
  for (let i = 0; i < n; i++) keys[i] = dates[i]! * n + i;
  keys.sort();
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = keys[i]! % n;
  return order;
}

/**
 * The lots of one security in FIFO order, as indexes into the opened lots; those before `head` are used
 * up. The matching loop reads dates and the used-up flag from typed arrays, so it touches a lot's object
 * only to take from it: visited in date order, the objects lie all over memory, and each pointer followed
 * is a cache miss (with string keys compared, half the run time of 100,000 sales).
 */
interface Queue {
  lots: number[];
  head: number;
}

/** Small integer ids of security keys, each key looked up once per lot and per sale in input order. */
function keyIds(keys: Map<string, number>, items: readonly { key: string }[]): Uint32Array {
  const ids = new Uint32Array(items.length);
  for (let i = 0; i < items.length; i++) {
    const key = items[i]!.key;
    let id = keys.get(key);
    if (id === undefined) {
      id = keys.size;
      keys.set(key, id);
    }
    ids[i] = id;
  }
  return ids;
}

/** `toUpperCase` without a new string when the text already is upper case (currency codes are). */
function upper(text: string): string {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c >= 97 && c <= 122) || c > 127) return text.toUpperCase();
  }
  return text;
}

/** A copy of a lot to change. Not a spread: a spread copy gets properties added slowly (see `open`). */
const copyOf = (lot: Lot): Lot => (Object.hasOwn(lot, '__proto__') ? { ...lot } : Object.assign({}, lot));

/**
 * First in, first out: each sale consumes the oldest lots of the same security bought on or before
 * the sale date, across currencies (each lot converted at its own rate, art. 332 НК-2018 cost basis).
 * The sale year decides whether purchase commissions are part of the cost (from 2025).
 */
export function matchFifo(sales: readonly Sale[], lots: readonly Lot[], opts: { year: number }): FifoResult {
  const withCommission = yearRules(opts.year).commissionsInCost.value;
  const opened = lots.map((lot) => open(lot, withCommission));
  const keys = new Map<string, number>();
  const lotKeys = keyIds(keys, lots);
  const saleKeys = keyIds(keys, sales);
  const lotDates = new Float64Array(opened.length);
  for (let i = 0; i < opened.length; i++) lotDates[i] = opened[i]!.date;
  const used = new Uint8Array(opened.length);
  const queues: Queue[] = [];
  for (let k = 0; k < keys.size; k++) queues.push({ lots: [], head: 0 });
  const lotOrder = byDate(lotDates);
  for (let i = 0; i < lotOrder.length; i++) queues[lotKeys[lotOrder[i]!]!]!.lots.push(lotOrder[i]!);
  const saleDates = new Float64Array(sales.length);
  for (let i = 0; i < sales.length; i++) saleDates[i] = dateKey(sales[i]!.date);
  const saleOrder = byDate(saleDates);
  const matches = new Array<SaleMatch>(sales.length);

  for (let o = 0; o < saleOrder.length; o++) {
    const order = saleOrder[o]!;
    const s = sales[order]!;
    const date = saleDates[order]!;
    const q = queues[saleKeys[order]!]!;
    const queue = q.lots;
    const asked = exact(s.quantity);
    const askedText = typeof s.quantity === 'string' && isPlainText(s.quantity) ? s.quantity : null;
    let wanted = asked;
    let total = X0;
    // the cost in the lot currency while every lot taken is in one currency (`currency`; null once they differ)
    let totalCost = X0;
    let currency: string | null = null;
    let consumed: ConsumedLot[] | null = null;
    for (let i = q.head; i < queue.length; i++) {
      const index = queue[i]!;
      if (lotDates[index]! > date) break; // later lots cannot pay for an earlier sale
      if (used[index]) continue;
      const lot = opened[index]!;
      const relation = compare(wanted, lot.leftQty);
      const all = relation >= 0;
      const taken = all ? lot.leftQty : wanted;
      // the sale's own quantity text, when it takes all it asked for from this lot
      const part = take(lot, taken, all, taken === asked ? askedText : null);
      if (all) used[index] = 1;
      // Most sales use one lot: an array literal of one is exact in size, where `[].push` reserves
      // room for 17 (allocation is much of what a FIFO run of 100,000 sales costs).
      if (consumed) {
        consumed.push(part);
        total = plus(total, lot.takenKzt);
        if (currency === lot.currency) totalCost = plus(totalCost, lot.takenCost);
        else currency = null;
      } else {
        consumed = [part];
        total = lot.takenKzt;
        totalCost = lot.takenCost;
        currency = lot.currency;
      }
      // the sale takes exactly what is left of the lot (the usual case): nothing more is wanted
      wanted = relation === 0 ? X0 : minus(wanted, taken);
      if (wanted.n <= 0n) break;
    }
    while (q.head < queue.length && used[queue[q.head]!]) q.head++;
    const lotCost = currency === null ? null : { currency, cost: totalCost };
    matches[order] = new Match(s, askedText ?? plain(asked), wanted, total, consumed ?? [], lotCost);
  }

  const remaining: Lot[] = [];
  for (const l of opened) {
    if (l.done) continue;
    const lot = copyOf(l.lot);
    lot.quantity = plain(l.leftQty);
    // commission is already inside leftCost when the year counts it
    lot.cost = amountOf(l.leftCost);
    lot.commission =
      withCommission || !isGiven(l.lot.commission)
        ? '0'
        : amountOf(dividedBy(times(exact(l.lot.commission), l.leftQty), l.qty));
    // a KZT cost given stays the given one, less what the sales took
    if (isGiven(l.lot.costKzt)) lot.costKzt = amountOf(l.leftKzt);
    lot.previousPeriod = true;
    remaining.push(lot);
  }
  return { matches, remaining };
}

/** The unrounded cost of a match as an exact value (`costKztExact` without making a Decimal). */
export const saleCostExact = (m: SaleMatch): Exact => (m instanceof Match ? Match.totalOf(m) : exact(m.costKztExact));

/** What the lots a sale consumed cost in their own currency, when they all share one. */
export interface LotCurrencyCost {
  currency: string;
  /** unrounded: the parts' exact costs summed (`amountOf` prints it) */
  cost: Exact;
}

/**
 * The matched lots' cost in the lot currency (commission included when the year counts it, as in
 * `costKzt`), when every consumed lot is in one currency; null when nothing was consumed or the lots are
 * in several currencies (then only the KZT cost means anything). A match that is not the engine's own
 * (read back from JSON) sums its consumed parts' printed costs.
 */
export function saleCostInLotCurrency(m: SaleMatch): LotCurrencyCost | null {
  if (m instanceof Match) return Match.lotCostOf(m);
  const first = m.consumed[0];
  if (!first || m.consumed.some((c) => c.currency !== first.currency)) return null;
  return { currency: first.currency, cost: m.consumed.reduce((sum, c) => plus(sum, exact(c.cost)), X0) };
}

/**
 * The match of one sale. Its unrounded cost becomes a Decimal only when read: most callers need only the
 * strings, and making 100,000 Decimals would cost a tenth of the FIFO budget. `costKztExact` is therefore
 * a getter of the prototype, so a spread copy of a match leaves it out; `toJSON` keeps it in JSON.
 */
class Match implements SaleMatch {
  saleId: string | number;
  key: string;
  quantity: string;
  unmatchedQuantity: string;
  costKzt: string;
  consumed: ConsumedLot[];
  #total: Exact;
  #lotCost: LotCurrencyCost | null;
  #decimal: Decimal | undefined;

  constructor(
    s: Sale,
    quantity: string,
    wanted: Exact,
    total: Exact,
    consumed: ConsumedLot[],
    lotCost: LotCurrencyCost | null,
  ) {
    this.saleId = s.id;
    this.key = s.key;
    this.quantity = quantity;
    this.unmatchedQuantity = wanted.n === 0n ? '0' : plain(wanted);
    // one lot (most sales): the total is that part's cost, already printed
    this.costKzt = consumed.length === 1 ? consumed[0]!.costKzt : amountOf(total);
    this.consumed = consumed;
    this.#total = total;
    this.#lotCost = lotCost;
  }

  /** The unrounded cost as an exact value (private, so that copies and JSON keep the interface's fields). */
  static totalOf(m: Match): Exact {
    return m.#total;
  }

  /** The cost in the lots' one currency (private like the total, for the same reason). */
  static lotCostOf(m: Match): LotCurrencyCost | null {
    return m.#lotCost;
  }

  get costKztExact(): Decimal {
    this.#decimal ??= toDecimal(this.#total);
    return this.#decimal;
  }

  toJSON(): SaleMatch {
    const { saleId, key, quantity, unmatchedQuantity, costKzt, costKztExact, consumed } = this;
    return { saleId, key, quantity, unmatchedQuantity, costKzt, costKztExact, consumed };
  }
}
