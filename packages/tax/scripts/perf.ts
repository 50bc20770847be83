/**
 * FIFO + profit for a generated declaration (default 100 000 sale deals, each with a purchase lot),
 * and the whole declaration calculation. Reports wall time and CPU time of this process, since the
 * machine may be shared: CPU time is what one core spent.
 *
 *   npx tsx packages/tax/scripts/perf.ts [n] [--compare]
 *
 * --compare also runs the decimal.js FIFO and profit rules of before exact.ts (test/reference), taking
 * turns with the engine in the same process: on a busy machine both see the same load.
 */
import { calculateDeclaration } from '../src/calculate.ts';
import { securityKey } from '../src/deal.ts';
import { type Lot, matchFifo } from '../src/fifo.ts';
import { calculateProfit } from '../src/profit.ts';
import { generateDeals } from '../src/testing/generate.ts';
import { matchFifoDecimal } from '../test/reference/fifo-decimal.ts';
import { calculateProfitDecimal } from '../test/reference/profit-decimal.ts';

const args = process.argv.slice(2);
const compare = args.includes('--compare');
const n = Number(args.find((a) => !a.startsWith('--')) ?? 100_000);
const input = generateDeals(n);
const sales = input.sections.second_section ?? [];
const history = input.sections.purchase_transaction_currency_section ?? [];
const lots: Lot[] = history.map((h, i) => ({
  id: h.id!,
  key: securityKey(sales[i]!),
  date: h.transaction_date!,
  quantity: h.quantity!,
  cost: h.purchase_opening_cost!,
  currency: h.currency_code!,
  rate: h.rate,
  commission: h.commission,
}));
const fifoSales = sales.map((d) => ({
  id: d.id!,
  key: securityKey(d),
  date: d.transaction_date!,
  quantity: d.quantity!,
}));

interface Run {
  wallMs: number;
  cpuMs: number;
  fifoMs?: number;
}
function measure(fn: () => number | undefined): Run {
  const wall = process.hrtime.bigint();
  const cpu = process.cpuUsage();
  const fifoMs = fn();
  const used = process.cpuUsage(cpu);
  return { wallMs: Number(process.hrtime.bigint() - wall) / 1e6, cpuMs: (used.user + used.system) / 1000, fifoMs };
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const fifoAndProfit = (fifo: typeof matchFifo, profit: typeof calculateProfit) => () => {
  const t0 = performance.now();
  fifo(fifoSales, lots, { year: input.year });
  const fifoMs = performance.now() - t0;
  for (const d of sales) profit('second-section', d, { year: input.year });
  return fifoMs;
};
const engine = fifoAndProfit(matchFifo, calculateProfit);
const reference = fifoAndProfit(matchFifoDecimal as typeof matchFifo, calculateProfitDecimal);

calculateDeclaration(generateDeals(2000)); // warm-up so the JIT has seen the hot paths
engine();
if (compare) reference();
const fifoProfit: Run[] = [];
const before: Run[] = [];
const full: Run[] = [];
for (let i = 0; i < 5; i++) {
  fifoProfit.push(measure(engine));
  if (compare) before.push(measure(reference));
  full.push(
    measure(() => {
      calculateDeclaration(input);
      return undefined;
    }),
  );
}
const report = (runs: Run[]) => ({
  medianWallMs: Math.round(median(runs.map((r) => r.wallMs))),
  medianCpuMs: Math.round(median(runs.map((r) => r.cpuMs))),
  minWallMs: Math.round(Math.min(...runs.map((r) => r.wallMs))),
  ...(runs[0]?.fifoMs !== undefined ? { medianFifoWallMs: Math.round(median(runs.map((r) => r.fifoMs!))) } : {}),
});
const fp = report(fifoProfit);
console.log(
  JSON.stringify(
    {
      deals: n,
      fifoPlusProfit: { ...fp, budgetMs: 1000, ok: fp.minWallMs < 1000 },
      ...(compare ? { decimalJsBefore: report(before) } : {}),
      wholeDeclaration: report(full),
      node: process.version,
      loadAverage: (await import('node:os')).loadavg().map((l) => l.toFixed(2)),
    },
    null,
    2,
  ),
);
