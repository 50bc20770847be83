import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLE_SALE_2025 } from '../helpers.ts';
import {
  api,
  demoToken,
  freePort,
  newDeclaration,
  openPayment,
  robokassaCallback,
  robokassaPaid,
  type ServerProc,
  sleep,
  spawnServer,
  startServer,
  tempDir,
  withDb,
} from './support.ts';

// kill -9 the real server process while it writes deals, runs a report import, applies payment
// callbacks and stores generated XML, all at once; start it again on the same DATA_DIR and check
// what survived: every acknowledged write exactly once, nothing half-written, no payment twice.
// One crash for all of them keeps the suite fast (every start of the server costs seconds).

const LONG = { timeout: 240_000 };
const dirs: string[] = [];
const running: ServerProc[] = [];
afterAll(async () => {
  for (const s of running) await s.kill9().catch(() => {});
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function start(dataDir: string) {
  const s = await startServer({ DATA_DIR: dataDir });
  running.push(s);
  return s;
}
function newDir(label: string) {
  const d = tempDir(label);
  dirs.push(d);
  return d;
}

const DEAL = APPLE_SALE_2025;

/** Our import template with `n` dividend rows (each one deal), big enough to be killed mid-import. */
function report(n: number): Buffer {
  const head =
    '\ufeffdate,type,name,ticker,isin,quantity,price,amount,currency,fee,fee_currency,withholding_tax,country,market,security_type,broker,broker_country,id,note\n';
  const rows = Array.from(
    { length: n },
    (_, i) =>
      `2025-05-15,DIVIDEND,Example Corp,EXMP,US0000000001,10,,${(5 + i / 100).toFixed(2)},USD,,,0.75,US,NASDAQ,SHARE,Example Broker Ltd,CYP,D-${i},`,
  );
  return Buffer.from(head + rows.join('\n'));
}

async function upload(base: string, token: string, id: number, bytes: Buffer): Promise<number> {
  const form = new FormData();
  form.append('files[]', new Blob([new Uint8Array(bytes)]), 'report.csv');
  const res = await fetch(`${base}/api/declarations/${id}/upload-file`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      cookie: `XSRF-TOKEN=${'f'.repeat(64)}`,
      'x-xsrf-token': 'f'.repeat(64),
    },
    body: form,
  });
  const json = (await res.json()) as { import_id?: number };
  if (res.status !== 202) throw new Error(`upload: ${res.status} ${JSON.stringify(json)}`);
  return json.import_id as number;
}

async function importStatus(base: string, token: string, importId: number) {
  return (await api(base, token).get(`/api/imports/${importId}`)).json.data as { status: string; message?: string };
}

async function waitImport(base: string, token: string, importId: number, ms = 90_000) {
  const until = Date.now() + ms;
  for (;;) {
    const st = await importStatus(base, token, importId);
    if (st.status === 'done' || st.status === 'failed') return st;
    if (Date.now() > until) throw new Error(`import ${importId} still ${st.status} after ${ms} ms`);
    await sleep(200);
  }
}

async function dealCount(base: string, token: string, id: number) {
  const d = (await api(base, token).get(`/api/declarations/${id}`)).json.data as {
    summary: Record<string, { count: number }>;
  };
  return Object.values(d.summary).reduce((n, x) => n + x.count, 0);
}

describe('crash and restart on the same DATA_DIR (embedded database)', () => {
  const dir = newDir('crash');
  let s: ServerProc;
  let token: string;
  let burstDecl: number;
  let importDecl: number;
  let paidDecl: number;
  let paymentId: number;
  let invId: string;
  let callbackBody: string;
  const importBytes = report(3000);

  beforeAll(async () => {
    s = await start(dir);
    token = await demoToken(s.base);
    const c = api(s.base, token);
    burstDecl = await newDeclaration(s.base, token);
    importDecl = await newDeclaration(s.base, token);
    paidDecl = await newDeclaration(s.base, token);
    const opened = await openPayment(s.base, token, paidDecl);
    paymentId = opened.paymentId;
    invId = opened.invId;
    const personal = await c.post(`/api/declarations/${paidDecl}/update-personal-data`, {
      iin: '900101300126',
      surname: 'Иванов',
      name: 'Иван',
      phone: '+77011234567',
    });
    if (personal.status !== 200) throw new Error(`update-personal-data: ${personal.text}`);
    callbackBody = robokassaPaid(invId, opened.outSum);
  }, 180_000);

  const callback = (base: string) => robokassaCallback(base, callbackBody);

  it('a second process on the same DATA_DIR is refused with a clear message', LONG, async () => {
    const second = spawnServer({ PORT: String(await freePort()), DATA_DIR: dir });
    expect(await second.exited).not.toBe(0);
    expect(second.output()).toMatch(/DATA_DIR .* is used by another running server \(pid \d+\); stop it/);
    expect((await fetch(`${s.base}/api/health`)).ok).toBe(true);
  });

  const acked = new Map<string, number>();
  let sent = 0;
  let importId = 0;
  let importSeen = '';
  const xmlAcked: string[] = [];
  let xmlRefusal = '';

  it('kill -9 while deals are written, a report is imported, callbacks and XML generation run', LONG, async () => {
    const c = api(s.base, token);
    const probe = await c.post(`/api/declarations/${burstDecl}/deals/first-section-a`, { ...DEAL, comment: 'probe' });
    expect(probe.status, probe.text).toBe(201);

    let stop = false;
    const writer = async (w: number) => {
      for (let i = 0; !stop; i++) {
        const marker = `burst-${w}-${i}`;
        sent += 1;
        try {
          const res = await c.post(`/api/declarations/${burstDecl}/deals/first-section-a`, {
            ...DEAL,
            comment: marker,
          });
          if (res.status === 201) acked.set(marker, (res.json.data as { id: number }).id);
        } catch {
          return; // the connection died with the server
        }
      }
    };
    const xmlWriter = async () => {
      while (!stop) {
        try {
          const res = await c.post(`/api/declarations/${paidDecl}/generate-xml`);
          if (res.status === 200) xmlAcked.push((res.json.data as { filename: string }).filename);
          else {
            xmlRefusal = `${res.status} ${res.text.slice(0, 200)}`;
            await sleep(20);
          }
        } catch {
          return;
        }
      }
    };
    const writers = [...Array.from({ length: 6 }, (_, w) => writer(w)), xmlWriter()];
    // the payment provider calls back (and repeats itself) while the rest goes on
    const callbacks = Array.from({ length: 10 }, (_, i) => sleep(i * 3).then(() => callback(s.base)));
    const until = Date.now() + 30_000;
    while (acked.size < 30 && Date.now() < until) await sleep(10);
    importId = await upload(s.base, token, importDecl, importBytes);
    for (;;) {
      importSeen = (await importStatus(s.base, token, importId)).status;
      if (importSeen !== 'queued' || Date.now() > until) break;
      await sleep(5);
    }
    await s.kill9();
    stop = true;
    await Promise.all([...writers, ...callbacks]);
    console.info(
      `at kill -9: ${sent} deal writes sent, ${acked.size} acknowledged; import ${importSeen}; ${xmlAcked.length} XML stored${xmlRefusal ? ` (last refusal ${xmlRefusal})` : ''}`,
    );
    expect(acked.size).toBeGreaterThanOrEqual(30);
    expect(importSeen, 'the import was running when the process died').toBe('running');
    expect(xmlAcked.length, `XML generation ran (last refusal: ${xmlRefusal})`).toBeGreaterThan(0);
    expect(existsSync(join(dir, 'server.lock'))).toBe(true);
  });

  it('restarts on the same DATA_DIR, taking over the stale lock of the dead process', LONG, async () => {
    const dead = s.proc.pid;
    expect(Number(readFileSync(join(dir, 'server.lock'), 'utf8'))).toBe(dead);
    s = await start(dir);
    expect(Number(readFileSync(join(dir, 'server.lock'), 'utf8'))).toBe(s.proc.pid);
    token = await demoToken(s.base);
  });

  it('the import completes once after the restart: no deal lost, none duplicated', LONG, async () => {
    const st = await waitImport(s.base, token, importId);
    expect(st.status, st.message).toBe('done');
    const afterCrash = await dealCount(s.base, token, importDecl);
    expect(afterCrash).toBeGreaterThan(0);
    // the same file on a fresh declaration, without a crash, is the reference
    const control = await newDeclaration(s.base, token);
    await waitImport(s.base, token, await upload(s.base, token, control, importBytes));
    expect(afterCrash).toBe(await dealCount(s.base, token, control));
    // the same report again adds nothing (stable row keys)
    await waitImport(s.base, token, await upload(s.base, token, importDecl, importBytes));
    expect(await dealCount(s.base, token, importDecl)).toBe(afterCrash);
  });

  it('the provider retries the callback: answered OK, the payment counted once', LONG, async () => {
    expect(await callback(s.base)).toBe(`OK${invId}`);
    expect(await callback(s.base)).toBe(`OK${invId}`);
  });

  it('stored XML files are whole: every listed file downloads with its recorded hash', LONG, async () => {
    const list = await api(s.base, token).get(`/api/declarations/${paidDecl}/get-xml-list`);
    expect(list.status).toBe(200);
    const files = list.json.data as { year: number; month: number; user_id: number; filename: string }[];
    for (const name of xmlAcked) expect(files.map((f) => f.filename)).toContain(name);
    for (const f of files) {
      const res = await fetch(`${s.base}/api/${f.year}/${f.month}/${f.user_id}/${f.filename}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(text.trimEnd()).toMatch(/<\/[A-Za-z_:.0-9-]+>$/);
    }
  });

  let answers: { list: unknown; one: unknown } = { list: null, one: null };
  it(
    'the database agrees: deals once each and whole, one paid invoice, every file row backed by its bytes',
    LONG,
    async () => {
      const c = api(s.base, token);
      answers = {
        list: (await c.get('/api/declarations')).json,
        one: (await c.get(`/api/declarations/${burstDecl}`)).json,
      };
      await s.stop();
      const state = await withDb(dir, async (db) => ({
        deals: await db.query<{ id: number; comment: string; fields: Record<string, unknown> }>(
          `SELECT id, comment, fields FROM deals WHERE declaration_id = $1 AND comment LIKE 'burst-%'`,
          [burstDecl],
        ),
        paid: await db.query(`SELECT id FROM payment_invoices WHERE payment_id = $1 AND status = 'paid'`, [paymentId]),
        payment: await db.one<{ status: string }>('SELECT status FROM payments WHERE id = $1', [paymentId]),
        declaration: await db.one<{ status: number }>('SELECT status FROM declarations WHERE id = $1', [paidDecl]),
        applied: await db.query(`SELECT id FROM payment_callbacks WHERE invoice_id = $1 AND event = 'success'`, [
          invId,
        ]),
        files: await db.query<{ storage_key: string; size_bytes: number; sha256: string }>(
          'SELECT storage_key, size_bytes::int AS size_bytes, sha256 FROM files',
        ),
      }));
      const byMarker = new Map<string, number>();
      for (const r of state.deals) byMarker.set(r.comment, (byMarker.get(r.comment) ?? 0) + 1);
      for (const [marker, dealId] of acked) {
        expect(byMarker.get(marker), `acknowledged ${marker} lost`).toBe(1);
        expect(state.deals.find((r) => r.comment === marker)?.id).toBe(dealId);
      }
      expect([...byMarker.values()].every((n) => n === 1)).toBe(true);
      expect(state.deals.length).toBeLessThanOrEqual(sent);
      for (const r of state.deals)
        expect(r.fields).toMatchObject({ name_security: 'Apple Inc.', isin_security: 'US0378331005' });

      expect(state.paid).toHaveLength(1);
      expect(state.payment?.status).toBe('paid');
      expect(state.declaration?.status).toBe(3);
      expect(state.applied).toHaveLength(1);

      for (const f of state.files) {
        const bytes = readFileSync(join(dir, 'files', f.storage_key));
        expect(bytes.length, f.storage_key).toBe(f.size_bytes);
        expect(createHash('sha256').update(bytes).digest('hex')).toBe(f.sha256);
      }
      console.info(`after restart: ${state.deals.length} burst deals, ${state.files.length} files verified`);
    },
  );

  it(
    'back up and restore (README: stop, copy DATA_DIR, start on the copy): same rows, same answers',
    LONG,
    async () => {
      const copy = newDir('restore');
      cpSync(dir, copy, { recursive: true });
      expect(readdirSync(copy)).toContain('pg');
      const snapshot = (d: string) =>
        withDb(d, async (db) => {
          const tables = await db.query<{ table_name: string }>(
            `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`,
          );
          const out: Record<string, unknown> = {};
          for (const t of tables) {
            out[t.table_name] = await db.one(
              `SELECT count(*)::int AS n, md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS h FROM "${t.table_name}" x`,
            );
          }
          return out;
        });
      const original = await snapshot(dir);
      expect(Object.keys(original).length).toBeGreaterThan(20);
      expect(await snapshot(copy)).toEqual(original);

      const r = await start(copy);
      const c2 = api(r.base, await demoToken(r.base));
      expect((await c2.get('/api/declarations')).json).toEqual(answers.list);
      expect((await c2.get(`/api/declarations/${burstDecl}`)).json).toEqual(answers.one);
      await r.stop();
    },
  );
});
