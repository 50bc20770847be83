import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Result } from './support.ts';

// Runs every bench/*.bench.ts (or those named on the command line), prints measured vs budget,
// writes bench/results/latest.json and exits 1 when a budget is missed.
const dir = new URL('.', import.meta.url).pathname;
const wanted = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => wanted.length === 0 || wanted.some((w) => f.includes(w)))
  .sort();

function missedBudget(r: Result): boolean {
  if (r.kind === 'report') return false;
  return r.kind === 'max' ? r.measured > r.budget : r.measured < r.budget;
}

const all: Result[] = [];
for (const f of files) {
  console.log(`\n▶ ${f}`);
  const mod = (await import(join(dir, f))) as { run: () => Promise<Result[]> };
  const results = await mod.run();
  for (const r of results) {
    const note = r.note ? ` — ${r.note}` : '';
    if (r.kind === 'report') {
      console.log(`INFO  ${r.name}: ${r.measured} ${r.unit}${note}`);
    } else {
      const ok = !missedBudget(r);
      const sign = r.kind === 'max' ? '≤' : '≥';
      console.log(
        `${ok ? 'PASS' : 'MISS'}  ${r.name}: ${r.measured} ${r.unit} (budget ${sign} ${r.budget} ${r.unit})${note}`,
      );
    }
    all.push(r);
  }
}
mkdirSync(join(dir, 'results'), { recursive: true });
writeFileSync(
  join(dir, 'results', 'latest.json'),
  JSON.stringify({ at: new Date().toISOString(), results: all }, null, 2),
);
const missed = all.filter(missedBudget);
console.log(`\n${all.length - missed.length} within budget, ${missed.length} missed`);
process.exit(missed.length ? 1 : 0);
