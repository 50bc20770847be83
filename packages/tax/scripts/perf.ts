/**
 * FIFO + profit for a generated declaration (default 100 000 sale deals, each with a purchase lot),
 * and the whole declaration calculation. Reports wall time and CPU time of this process, since the
 * machine may be shared: CPU time is what one core spent. Run: npx tsx packages/tax/scripts/perf.ts [n]
 */
import { calculateDeclaration } from '../src/calculate.ts';
import { securityKey } from '../src/deal.ts';
import { type Lot, matchFifo } from '../src/fifo.ts';
import { calculateProfit } from '../src/profit.ts';
import { generateDeals } from '../src/testing/generate.ts';

const n = Number(process.argv[2] ?? 100_000);
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

function measure(fn: () => void) {
  const wall = process.hrtime.bigint();
  const cpu = process.cpuUsage();
  fn();
  const used = process.cpuUsage(cpu);
  return { wallMs: Number(process.hrtime.bigint() - wall) / 1e6, cpuMs: (used.user + used.system) / 1000 };
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

calculateDeclaration(generateDeals(2000)); // warm-up so the JIT has seen the hot paths
const fifoProfit = [];
const full = [];
for (let i = 0; i < 5; i++) {
  fifoProfit.push(
    measure(() => {
      matchFifo(fifoSales, lots, { year: input.year });
      for (const d of sales) calculateProfit('second-section', d, { year: input.year });
    }),
  );
  full.push(measure(() => calculateDeclaration(input)));
}
const report = (runs: { wallMs: number; cpuMs: number }[]) => ({
  medianWallMs: Math.round(median(runs.map((r) => r.wallMs))),
  medianCpuMs: Math.round(median(runs.map((r) => r.cpuMs))),
  minWallMs: Math.round(Math.min(...runs.map((r) => r.wallMs))),
});
const fp = report(fifoProfit);
console.log(
  JSON.stringify(
    {
      deals: n,
      fifoPlusProfit: { ...fp, budgetMs: 1000, ok: fp.minWallMs < 1000 },
      wholeDeclaration: report(full),
      node: process.version,
      loadAverage: (await import('node:os')).loadavg().map((l) => l.toFixed(2)),
    },
    null,
    2,
  ),
);
