import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LIMITS, sectionByKey } from '@deklarant/contracts';
import { chromium } from 'playwright-core';
import { bigReportCsv } from './big-report.ts';
import { call, headers, pgSchema, register, SERVER_ENV } from './load.bench.ts';
import { type Result, ROOT, type Running, startProduct } from './support.ts';
import { CHROMIUM, FLAGS } from './web.bench.ts';

// Capacity (issue 15): the largest import one person may send (LIMITS.rowsPerImport deals in two CSV
// files) while another person's requests are measured: p99 of /api/health and of their
// GET /api/declarations during the import, on the embedded database and on PostgreSQL (DATABASE_URL).
// Then the first paint of step 4 and of a section list of the resulting declaration in Chromium.

const PROBE_EVERY_MS = 25;

/** POST .../upload-file with the given CSV files; the raw response. */
export async function uploadFiles(base: string, token: string, id: number, files: Buffer[]): Promise<Response> {
  const form = new FormData();
  files.forEach((bytes, i) => {
    form.append('files[]', new Blob([new Uint8Array(bytes)], { type: 'text/csv' }), `report-${i + 1}.csv`);
  });
  const h = headers(token);
  delete h['content-type'];
  return fetch(`${base}/api/declarations/${id}/upload-file`, { method: 'POST', headers: h, body: form });
}

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.floor(s.length * q))] ?? 0);
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Another person's requests, one of each every PROBE_EVERY_MS, until `stop()`. */
function probe(base: string, token: string) {
  const health: number[] = [];
  const list: number[] = [];
  let running = true;
  const timed = async (into: number[], path: string, auth?: string) => {
    const t = performance.now();
    const res = await fetch(`${base}${path}`, { headers: headers(auth) });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${path}: ${res.status}`);
    into.push(performance.now() - t);
  };
  const loop = (async () => {
    while (running) {
      await Promise.all([timed(health, '/api/health'), timed(list, '/api/declarations', token), sleep(PROBE_EVERY_MS)]);
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return { health, list };
    },
  };
}

async function largestImport(server: Running, label: string, web: string | undefined): Promise<Result[]> {
  const { base } = server;
  const { token } = await call(base, 'POST', '/api/auth/login', { email: 'demo@example.com', password: 'Demo-pass-1' });
  const form = { year: 2025, type: 1, kgd_code_id: 1, reporting_form_id: 3 };
  const id = (await call(base, 'POST', '/api/declarations', form, token)).data.common_data.id as number;
  const other = await register(base, 1);
  await call(base, 'POST', '/api/declarations', form, other);
  const half = LIMITS.rowsPerImport / 2;
  const files = [bigReportCsv(half, { year: 2025, file: 1 }), bigReportCsv(half, { year: 2025, file: 2 })];
  const mb = (files[0]!.length + files[1]!.length) / 1e6;

  const idle = probe(base, other);
  await sleep(3000);
  const before = await idle.stop();

  const p = probe(base, other);
  const t0 = performance.now();
  const res = await uploadFiles(base, token, id, files);
  const accepted = (await res.json()) as { import_id: number };
  if (res.status !== 202) throw new Error(`upload: ${res.status} ${JSON.stringify(accepted)}`);
  let st: { status: string; message: string; counts: { added: number } };
  for (;;) {
    st = (await call(base, 'GET', `/api/imports/${accepted.import_id}`, undefined, token)).data;
    if (st.status === 'done' || st.status === 'failed') break;
    await sleep(250);
  }
  const importMs = Math.round(performance.now() - t0);
  const during = await p.stop();
  if (st.status !== 'done') throw new Error(`import ${st.status}: ${st.message}`);

  const t1 = performance.now();
  const answer = await fetch(`${base}/api/declarations/${id}`, { headers: headers(token) });
  const bytes = (await answer.arrayBuffer()).byteLength;
  const answerMs = Math.round(performance.now() - t1);

  // step 6 of the large declaration, computed for the first time, while the other person is timed
  const calcProbe = probe(base, other);
  const t2 = performance.now();
  const calc = await fetch(`${base}/api/declarations/${id}/calculation`, { headers: headers(token) });
  await calc.arrayBuffer();
  const calcMs = Math.round(performance.now() - t2);
  const duringCalc = await calcProbe.stop();
  if (!calc.ok) throw new Error(`calculation: ${calc.status}`);

  const note = `${during.health.length} probes over ${importMs} ms import of ${st.counts.added} deals (${mb.toFixed(1)} MB in 2 files); p50 ${quantile(during.health, 0.5)} ms, max ${quantile(during.health, 1)} ms; idle p99 ${quantile(before.health, 0.99)} ms`;
  const out: Result[] = [
    {
      name: `${label}: /api/health p99 during the largest import`,
      measured: quantile(during.health, 0.99),
      unit: 'ms',
      budget: 200,
      kind: 'max',
      note,
    },
    {
      name: `${label}: another person's GET /api/declarations p99 during the largest import`,
      measured: quantile(during.list, 0.99),
      unit: 'ms',
      budget: 200,
      kind: 'max',
      note: `p50 ${quantile(during.list, 0.5)} ms, max ${quantile(during.list, 1)} ms; idle p99 ${quantile(before.list, 0.99)} ms`,
    },
    {
      name: `${label}: largest import (${st.counts.added} deals) start to done`,
      measured: importMs,
      unit: 'ms',
      budget: 0,
      kind: 'report',
    },
    {
      name: `${label}: GET /api/declarations/{id} of the ${st.counts.added}-deal declaration`,
      measured: answerMs,
      unit: 'ms',
      budget: 0,
      kind: 'report',
      note: `${bytes} bytes of JSON (counts and totals, no deals)`,
    },
    {
      name: `${label}: step 6 calculation of the ${st.counts.added}-deal declaration, first (uncached) answer`,
      measured: calcMs,
      unit: 'ms',
      budget: 0,
      kind: 'report',
    },
    {
      name: `${label}: another person's GET /api/declarations, slowest answer during that calculation`,
      measured: quantile(duringCalc.list, 1),
      unit: 'ms',
      budget: 0,
      kind: 'report',
      note: `${duringCalc.list.length} probes; /api/health slowest ${quantile(duringCalc.health, 1)} ms`,
    },
  ];
  if (web) out.push(...(await firstPaints(base, token, id, label)));
  return out;
}

/** First paint of step 4 and of a section list of the large declaration, in Chromium (best of 3 after a warm-up). */
async function firstPaints(base: string, token: string, id: number, label: string): Promise<Result[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
  try {
    const context = await browser.newContext();
    await context.addInitScript(
      ([t, d]) => {
        const ls = (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage;
        ls.setItem('access_token', t as string);
        ls.setItem('session', 'B2C');
        ls.setItem('onboarding_seen', '1');
        ls.setItem('currentDeclarationId', String(d));
      },
      [token, id],
    );
    const page = await context.newPage();
    const sales = sectionByKey('second_section')!;
    const measure = async (path: string, ready: string) => {
      const times: number[] = [];
      for (let i = 0; i < 4; i++) {
        const t = performance.now();
        await page.goto(`${base}${path}`);
        await page.waitForSelector(ready, { state: 'visible', timeout: 60_000 });
        times.push(performance.now() - t);
      }
      return Math.round(Math.min(...times.slice(1)));
    };
    const step4 = await measure('/app/declaration?step=4', 'text=Сведения о доходах');
    const list = await measure(`/app/${sales.route}/show?declaration_id=${id}`, '[data-testid="deal-list"]');
    return [
      {
        name: `${label}: step 4 of a 50 000-deal declaration, navigation to its tiles painted (Chromium)`,
        measured: step4,
        unit: 'ms',
        budget: 0,
        kind: 'report',
      },
      {
        name: `${label}: section list (sales) of it, navigation to the first page of cards painted (Chromium)`,
        measured: list,
        unit: 'ms',
        budget: 0,
        kind: 'report',
      },
    ];
  } finally {
    await browser.close();
  }
}

export async function run(): Promise<Result[]> {
  const out: Result[] = [];
  const work = mkdtempSync(join(tmpdir(), 'deklarant-capacity-'));
  try {
    let web: string | undefined;
    if (process.env.CAPACITY_WEB !== '0') {
      web = join(work, 'web');
      const r = spawnSync('npx', ['vite', 'build', '--outDir', web, '--emptyOutDir'], {
        cwd: join(ROOT, 'apps/web'),
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      if (r.status !== 0) throw new Error('vite build failed');
    }
    const env = { ...SERVER_ENV, ...(web ? { WEB_DIST: web } : {}) };
    const embedded = await startProduct(env);
    try {
      out.push(...(await largestImport(embedded, 'embedded PGlite', web)));
    } finally {
      await embedded.stop();
    }
    const schema = await pgSchema();
    if (!schema) {
      out.push({
        name: 'PostgreSQL: not run (no server at DATABASE_URL)',
        measured: 0,
        unit: '',
        budget: 0,
        kind: 'report',
      });
      return out;
    }
    try {
      const server = await startProduct({ ...env, DATABASE_URL: schema.url });
      try {
        out.push(...(await largestImport(server, 'PostgreSQL', web)));
      } finally {
        await server.stop();
      }
    } finally {
      await schema.drop();
    }
    return out;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
