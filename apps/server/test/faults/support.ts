import { type ChildProcess, spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDb } from '../../src/db/db.ts';
import { md5, resultSignatureBase } from '../../src/providers/payment/robokassa.ts';

// The real server as a separate process (node --import tsx apps/server/src/main.ts), so a test can
// kill -9 it mid-write and start it again on the same DATA_DIR or database.

export const ROOT = new URL('../../../../', import.meta.url).pathname;
export const APP_SECRET = 'faults-secret-faults-secret-faults-0001';

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      const port = typeof a === 'object' && a ? a.port : 0;
      s.close(() => resolve(port));
    });
  });
}

export const tempDir = (label: string) => mkdtempSync(join(tmpdir(), `deklarant-${label}-`));

export interface ServerProc {
  base: string;
  proc: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  /** SIGKILL: no shutdown hook runs, the lock file and any half-done work stay behind. */
  kill9(): Promise<void>;
  stop(): Promise<void>;
}

export function spawnServer(env: Record<string, string>): {
  proc: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
} {
  const chunks: string[] = [];
  const proc = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      APP_ENV: 'test',
      CAPTCHA: 'off',
      RATES_SOURCE: 'sandbox',
      LOG_LEVEL: 'warn',
      APP_SECRET,
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout?.on('data', (d) => chunks.push(String(d)));
  proc.stderr?.on('data', (d) => chunks.push(String(d)));
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  return { proc, output: () => chunks.join(''), exited };
}

/** Starts the server and waits for /api/health (on DATA_DIR, or on DATABASE_URL when given in env). */
export async function startServer(env: Record<string, string>, timeoutMs = 90_000): Promise<ServerProc> {
  const port = await freePort();
  const { proc, output, exited } = spawnServer({ PORT: String(port), HOST: '127.0.0.1', ...env });
  const base = `http://127.0.0.1:${port}`;
  const until = Date.now() + timeoutMs;
  let dead = false;
  void exited.then(() => {
    dead = true;
  });
  for (;;) {
    if (dead) throw new Error(`server exited while starting:\n${output().slice(-3000)}`);
    if (Date.now() > until) {
      proc.kill('SIGKILL');
      throw new Error(`server did not start in ${timeoutMs} ms:\n${output().slice(-3000)}`);
    }
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base,
    proc,
    output,
    exited,
    kill9: async () => {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
      await exited;
    },
    stop: async () => {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGTERM');
      await exited;
    },
  };
}

/** An API client for a running server, the way the SPA calls it (XSRF cookie + header, bearer token). */
export function api(base: string, token?: string) {
  const xsrf = 'f'.repeat(64);
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const isRaw = typeof body === 'string' || body instanceof Uint8Array;
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        cookie: `XSRF-TOKEN=${xsrf}`,
        'x-xsrf-token': xsrf,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined && !isRaw ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : isRaw ? (body as string) : JSON.stringify(body),
    });
    const text = await res.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: res.status, text, json: json as Record<string, unknown> & { data?: unknown } };
  };
  return {
    get: (p: string) => call('GET', p),
    post: (p: string, b?: unknown, h?: Record<string, string>) => call('POST', p, b, h),
    put: (p: string, b?: unknown) => call('PUT', p, b),
    delete: (p: string) => call('DELETE', p),
  };
}

export const DEMO = { email: 'demo@example.com', password: 'Demo-pass-1' };

export async function demoToken(base: string): Promise<string> {
  const res = await api(base).post('/api/auth/login', DEMO);
  const token = res.json?.token;
  if (res.status !== 200 || typeof token !== 'string') throw new Error(`demo login: ${res.status} ${res.text}`);
  return token;
}

export const NEW_270 = { year: 2025, type: 1, kgd_code_id: 1, reporting_form_id: 3, broker: null };

export async function newDeclaration(base: string, token: string): Promise<number> {
  const res = await api(base, token).post('/api/declarations', NEW_270);
  if (res.status !== 201) throw new Error(`declaration: ${res.status} ${res.text}`);
  return (res.json.data as { common_data: { id: number } }).common_data.id;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A PostgreSQL schema of its own on TEST_DATABASE_URL, and the URL that selects it. */
export async function pgSchema(url: string): Promise<{ url: string; schema: string; drop(): Promise<void> }> {
  const pg = (await import('pg')).default;
  const schema = `f_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query(`CREATE SCHEMA ${schema}`);
  await c.end();
  const u = new URL(url);
  u.searchParams.set('options', `-c search_path=${schema}`);
  return {
    url: u.toString(),
    schema,
    drop: async () => {
      const d = new pg.Client({ connectionString: url });
      await d.connect();
      await d.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await d.end();
    },
  };
}

/** Chooses the Optimal tariff and opens its payment through the API: what the provider's callback needs. */
export async function openPayment(
  base: string,
  token: string,
  id: number,
): Promise<{ paymentId: number; invId: string; outSum: string }> {
  const c = api(base, token);
  const chosen = await c.post(`/api/tariff/${id}/choose-tariff`, {
    tariff_type: 1,
    selected_additional_service: [],
    referral_code: '',
    tax_office_sending: false,
    broker: null,
  });
  if (chosen.status !== 200) throw new Error(`choose-tariff: ${chosen.text}`);
  const pay = await c.post(`/api/declarations/${id}/payments/create-initial-payment`);
  if (pay.status !== 200) throw new Error(`create-initial-payment: ${pay.text}`);
  const payment = pay.json.data as { id: number; amount: string };
  const link = await c.post(`/api/declarations/${id}/payments/${payment.id}/generate-payment-link`);
  if (link.status !== 200) throw new Error(`generate-payment-link: ${link.text}`);
  return { paymentId: payment.id, invId: String(link.json.invoice_id), outSum: Number(payment.amount).toFixed(2) };
}

/** The sandbox Robokassa's result callback for an invoice, signed as the provider signs it. */
export function robokassaPaid(invId: string, outSum: string): string {
  // the sandbox Robokassa's password 2 is derived from APP_SECRET (providers/payment/index.ts)
  const password2 = createHmac('sha256', APP_SECRET).update('robokassa-2').digest('hex').slice(0, 24);
  const sig = md5(resultSignatureBase({ outSum, invId, password: password2 }));
  return new URLSearchParams({ OutSum: outSum, InvId: invId, SignatureValue: sig }).toString();
}

/** Reads the embedded database directly (the server must be stopped: the test takes its lock). */
export async function withDb<T>(
  dataDir: string,
  fn: (db: Awaited<ReturnType<typeof openDb>>) => Promise<T>,
): Promise<T> {
  const db = await openDb({ dataDir });
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}

/** POSTs a Robokassa ResultURL body; 'connection lost' when the server died before answering. */
export const robokassaCallback = (base: string, body: string) =>
  fetch(`${base}/api/payments/callback/robokassa`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body,
  }).then(
    (r) => r.text(),
    () => 'connection lost',
  );
