/**
 * Render XML + PDF + XLSX for 1 000 and 20 000 deals and check the budgets
 * (1 000: < 1.5 s; 20 000: < 15 s and < 500 MB). Each size runs in a fresh process so
 * peak RSS is its own. Usage: npx tsx packages/documents/scripts/perf.ts [deals]
 */
import { spawnSync } from 'node:child_process';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { renderPdf } from '../src/pdf/render.ts';
import { writeXlsxStream } from '../src/xlsx/render.ts';
import { renderXml } from '../src/xml/render.ts';
import { large } from '../test/fixtures.ts';

interface Result {
  deals: number;
  xmlMs: number;
  pdfMs: number;
  xlsxMs: number;
  totalMs: number;
  warmTotalMs: number;
  peakRssMb: number;
  pdfKb: number;
  xlsxKb: number;
  xmlKb: number;
}

async function once(deals: number) {
  const doc = large(deals);
  let t = performance.now();
  const xml = renderXml(doc);
  const xmlMs = performance.now() - t;
  t = performance.now();
  const pdf = await renderPdf(doc);
  const pdfMs = performance.now() - t;
  t = performance.now();
  let xlsxBytes = 0;
  // a counting sink: the streaming writer never holds the workbook in memory
  const sink = new Writable({
    write(chunk: Buffer, _enc, cb) {
      xlsxBytes += chunk.length;
      cb();
    },
  });
  await writeXlsxStream(doc, sink);
  const xlsxMs = performance.now() - t;
  return { xmlMs, pdfMs, xlsxMs, xmlKb: xml.length / 1024, pdfKb: pdf.length / 1024, xlsxKb: xlsxBytes / 1024 };
}

async function measure(deals: number): Promise<Result> {
  const cold = await once(deals);
  const warm = await once(deals);
  const r1 = (n: number) => Math.round(n);
  return {
    deals,
    xmlMs: r1(cold.xmlMs),
    pdfMs: r1(cold.pdfMs),
    xlsxMs: r1(cold.xlsxMs),
    totalMs: r1(cold.xmlMs + cold.pdfMs + cold.xlsxMs),
    warmTotalMs: r1(warm.xmlMs + warm.pdfMs + warm.xlsxMs),
    peakRssMb: r1(process.resourceUsage().maxRSS / 1024),
    xmlKb: r1(cold.xmlKb),
    pdfKb: r1(cold.pdfKb),
    xlsxKb: r1(cold.xlsxKb),
  };
}

const BUDGETS = [
  { deals: 1_000, ms: 1_500, mb: Number.POSITIVE_INFINITY },
  { deals: 20_000, ms: 15_000, mb: 500 },
];

const arg = process.argv[2];
if (arg) {
  process.stdout.write(`${JSON.stringify(await measure(Number(arg)))}\n`);
} else {
  const self = fileURLToPath(import.meta.url);
  let failed = false;
  console.log(
    '| deals | XML ms | PDF ms | XLSX ms | total ms (cold) | total ms (warm) | peak RSS MB | XML KB | PDF KB | XLSX KB | budget |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  for (const b of BUDGETS) {
    const out = spawnSync(process.execPath, ['--import', 'tsx', self, String(b.deals)], { encoding: 'utf8' });
    if (out.status !== 0) throw new Error(out.stderr);
    const r = JSON.parse(out.stdout.trim().split('\n').pop() ?? '{}') as Result;
    const ok = r.totalMs < b.ms && r.peakRssMb < b.mb;
    failed ||= !ok;
    console.log(
      `| ${r.deals} | ${r.xmlMs} | ${r.pdfMs} | ${r.xlsxMs} | ${r.totalMs} | ${r.warmTotalMs} | ${r.peakRssMb} | ${r.xmlKb} | ${r.pdfKb} | ${r.xlsxKb} | ${ok ? 'ok' : 'OVER'} (< ${b.ms} ms${Number.isFinite(b.mb) ? `, < ${b.mb} MB` : ''}) |`,
    );
  }
  process.exitCode = failed ? 1 : 0;
}
