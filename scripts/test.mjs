#!/usr/bin/env node
// Runs every test: unit + API (Vitest, on a fresh database each file), then the e2e journeys in
// headless Chromium against the started product. Ends with "N passed, N failed".
// With DATABASE_URL set, the API tests and the e2e server use that PostgreSQL server (fresh schemas).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const only = process.argv.find((a) => a.startsWith('--only='))?.slice(7);
const root = new URL('..', import.meta.url).pathname;
const totals = { passed: 0, failed: 0, skipped: 0 };
const pgUrl = process.env.DATABASE_URL;

function vitest(args, env, reportFile) {
  const r = spawnSync(
    'npx',
    ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile=${reportFile}`],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, ...env },
    },
  );
  if (!existsSync(reportFile)) {
    console.error(`vitest produced no report (exit ${r.status})`);
    totals.failed += 1;
    return;
  }
  const rep = JSON.parse(readFileSync(reportFile, 'utf8'));
  totals.passed += rep.numPassedTests;
  totals.failed += rep.numFailedTests;
  totals.skipped += (rep.numPendingTests ?? 0) + (rep.numTodoTests ?? 0);
  // A suite that failed to load or whose beforeAll threw has no failed test of its own (its tests are
  // skipped): count it as a failure so it cannot hide.
  for (const s of rep.testResults ?? [])
    if (s.status === 'failed' && !(s.assertionResults ?? []).some((a) => a.status === 'failed')) totals.failed += 1;
}

function freePort() {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

async function waitFor(url, ms) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      const r = await fetch(url);
      if (r.ok) return true;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

async function pgSchema(action, schema) {
  const pg = (await import('pg')).default;
  const c = new pg.Client({ connectionString: pgUrl });
  await c.connect();
  await c.query(action === 'create' ? `CREATE SCHEMA ${schema}` : `DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await c.end();
}

async function e2e(reportFile) {
  const dataDir = mkdtempSync(join(tmpdir(), 'deklarant-e2e-'));
  // Each run builds into its own folder, so parallel runs never serve each other's half-written build.
  const webDist = join(dataDir, 'web');
  const build = spawnSync('npx', ['vite', 'build', '--outDir', webDist, '--emptyOutDir'], {
    cwd: join(root, 'apps/web'),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (build.status !== 0) {
    totals.failed += 1;
    return;
  }
  const port = await freePort();
  const schema = `e2e_${Date.now()}`;
  const env = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    WEB_DIST: webDist,
    APP_ENV: 'test',
    CAPTCHA: 'off',
    RATES_SOURCE: 'sandbox',
    LOG_LEVEL: 'info',
    RATE_LIMIT_SCALE: '20',
  };
  if (pgUrl) {
    await pgSchema('create', schema);
    const u = new URL(pgUrl);
    u.searchParams.set('options', `-c search_path=${schema}`);
    env.DATABASE_URL = u.toString();
  } else delete env.DATABASE_URL;
  const logFile = join(dataDir, 'server.log');
  const { openSync } = await import('node:fs');
  const out = openSync(logFile, 'a');
  const server = spawn('npx', ['tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', out, out],
    detached: true,
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    if (!(await waitFor(`${base}/api/health`, 60_000))) {
      console.error(readFileSync(logFile, 'utf8').slice(-4000));
      totals.failed += 1;
      return;
    }
    const e2eEnv = { E2E_BASE_URL: base, E2E_SERVER_LOG: logFile, E2E_DATA_DIR: dataDir };
    vitest(['--config', 'e2e/vitest.config.ts', '--exclude', 'e2e/logs.e2e.ts'], e2eEnv, reportFile);
    // Last, once every journey has written to it: the server log holds no personal data.
    vitest(
      ['--config', 'e2e/vitest.config.ts', 'e2e/logs.e2e.ts'],
      e2eEnv,
      reportFile.replace(/\.json$/, '-logs.json'),
    );
  } finally {
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {}
    await new Promise((r) => setTimeout(r, 1000));
    if (pgUrl) await pgSchema('drop', schema).catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const reports = mkdtempSync(join(tmpdir(), 'deklarant-reports-'));
if (!only || only === 'unit') vitest([], pgUrl ? { TEST_DATABASE_URL: pgUrl } : {}, join(reports, 'unit.json'));
if (!only || only === 'e2e') await e2e(join(reports, 'e2e.json'));
rmSync(reports, { recursive: true, force: true });

const db = pgUrl ? 'PostgreSQL' : 'embedded PGlite';
console.log(`\nDatabase: ${db}`);
console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(totals.failed > 0 || totals.passed === 0 ? 1 : 0);
