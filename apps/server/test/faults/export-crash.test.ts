import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../../src/db/db.ts';
import { EXPORT_JOB, MAX_STREAM_DEALS } from '../../src/modules/documents/service.ts';
import {
  api,
  DEMO,
  demoToken,
  newDeclaration,
  openPayment,
  robokassaPaid,
  type ServerProc,
  sleep,
  startServer,
  tempDir,
} from './support.ts';

// kill -9 the real server while its durable job generates a large export (more than MAX_STREAM_DEALS deals,
// so the file is not streamed but rendered by EXPORT_JOB, stored and announced by a letter); start it
// again on the same DATA_DIR and check that the job finished exactly once, that every stored file is
// whole (recorded size and sha256), that nothing half-written can be downloaded, and that the link in
// the letter serves exactly the stored bytes.

const LONG = { timeout: 240_000 };
const dir = tempDir('export-crash');
const running: ServerProc[] = [];
afterAll(async () => {
  for (const p of running) await p.kill9().catch(() => {});
  rmSync(dir, { recursive: true, force: true });
});

async function start(env: Record<string, string> = {}) {
  const p = await startServer({ DATA_DIR: dir, ...env });
  running.push(p);
  return p;
}

/** Reads the embedded database directly (the server must be down: this takes the DATA_DIR lock). */
async function withDb<T>(fn: (db: Awaited<ReturnType<typeof openDb>>) => Promise<T>): Promise<T> {
  const db = await openDb({ dataDir: dir });
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}

/** CPU time (user + system) a process has used, from /proc (Linux); undefined elsewhere. */
function cpuMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(f[11]) + Number(f[12])) * 1000) / 100; // USER_HZ is 100 on Linux
  } catch {
    return undefined;
  }
}

const SEED_ROWS = 40;
const COPIES = Math.ceil((MAX_STREAM_DEALS + 1000) / SEED_ROWS) - 1;
const DEALS = SEED_ROWS * (COPIES + 1);

/** Our import template: dividends of one security on SEED_ROWS different days (one deal each). */
function report(): Buffer {
  const head =
    '\ufeffdate,type,name,ticker,isin,quantity,price,amount,currency,fee,fee_currency,withholding_tax,country,market,security_type,broker,broker_country,id,note\n';
  const day0 = Date.UTC(2025, 0, 2);
  const rows = Array.from({ length: SEED_ROWS }, (_, i) => {
    const date = new Date(day0 + i * 7 * 86_400_000).toISOString().slice(0, 10);
    return `${date},DIVIDEND,Example Corp,EXMP,US0000000001,10,,${(50 + i).toFixed(2)},USD,,,7.5,US,NASDAQ,SHARE,Example Broker Ltd,CYP,D-${i},`;
  });
  return Buffer.from(head + rows.join('\n'));
}

const files = (d: string): string[] =>
  existsSync(d)
    ? readdirSync(d, { recursive: true, encoding: 'utf8' })
        .map((f) => join(d, f))
        .filter((f) => statSync(f).isFile())
    : [];

interface FileRow {
  id: number;
  kind: string;
  storage_key: string;
  size_bytes: number;
  sha256: string;
}
interface JobState {
  id: number;
  status: string;
  attempts: number;
  format: string;
  last_error: string | null;
}

async function exportState(id: number) {
  return withDb(async (db) => ({
    jobs: await db.query<JobState>(
      `SELECT id, status, attempts, payload ->> 'format' AS format, last_error FROM jobs
       WHERE kind = $1 AND (payload ->> 'declarationId')::int = $2 ORDER BY id`,
      [EXPORT_JOB, id],
    ),
    files: await db.query<FileRow>(
      `SELECT id, kind, storage_key, size_bytes::int AS size_bytes, sha256 FROM files
       WHERE declaration_id = $1 AND kind IN ('declaration_pdf', 'declaration_xlsx') ORDER BY id`,
      [id],
    ),
    allFiles: await db.query<FileRow>('SELECT id, kind, storage_key, size_bytes::int AS size_bytes, sha256 FROM files'),
    letters: await db.query<{ subject: string; text_body: string }>(
      `SELECT subject, text_body FROM outbox WHERE to_email = $1 AND subject LIKE 'Декларация%' ORDER BY id`,
      [DEMO.email],
    ),
  }));
}

describe('kill -9 during a large export job, restart on the same DATA_DIR (embedded database)', () => {
  let s: ServerProc;
  let token: string;
  let id: number;
  const filesDir = join(dir, 'files');

  beforeAll(async () => {
    const t0 = Date.now();
    s = await start();
    token = await demoToken(s.base);
    const c = api(s.base, token);
    id = await newDeclaration(s.base, token);
    const personal = await c.post(`/api/declarations/${id}/update-personal-data`, {
      iin: '900101300126',
      surname: 'Иванов',
      name: 'Иван',
      phone: '+77011234567',
    });
    if (personal.status !== 200) throw new Error(`update-personal-data: ${personal.text}`);
    // a real report through the real import, then copied in the database: importing 6,000 rows through
    // the API costs most of a minute, copying them costs a second
    const form = new FormData();
    form.append('files[]', new Blob([new Uint8Array(report())]), 'report.csv');
    const up = await fetch(`${s.base}/api/declarations/${id}/upload-file`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        cookie: `XSRF-TOKEN=${'f'.repeat(64)}`,
        'x-xsrf-token': 'f'.repeat(64),
      },
      body: form,
    });
    const importId = ((await up.json()) as { import_id?: number }).import_id;
    if (up.status !== 202 || !importId) throw new Error(`upload: ${up.status}`);
    const until = Date.now() + 90_000;
    for (;;) {
      const st = (await c.get(`/api/imports/${importId}`)).json.data as { status: string; message?: string };
      if (st.status === 'failed') throw new Error(`import failed: ${st.message}`);
      if (st.status === 'done') break;
      if (Date.now() > until) throw new Error(`import still ${st.status}`);
      await sleep(100);
    }
    await s.stop();
    const n = await withDb(async (db) => {
      await db.query(
        `INSERT INTO deals (declaration_id, section, status, comment, transaction_date, currency_code, main_amount,
           amount_kzt, fields, source_key, created_at, updated_at)
         SELECT declaration_id, section, status, comment, transaction_date, currency_code, main_amount, amount_kzt,
           fields, source_key || ':copy-' || g, created_at, updated_at
         FROM deals, generate_series(1, $2::int) AS g WHERE declaration_id = $1`,
        [id, COPIES],
      );
      return (await db.one<{ n: number }>('SELECT count(*)::int AS n FROM deals WHERE declaration_id = $1', [id]))?.n;
    });
    if (n !== DEALS) throw new Error(`expected ${DEALS} deals, have ${n}`);

    // This run dies (as with kill -9) the moment its PDF job has rendered the file and before it stores it.
    s = await start({ TEST_KILL_AT: 'export_pdf_rendered' });
    token = await demoToken(s.base);
    // pay the way the provider does it (crash.test.ts): downloads are what the user pays for
    const { invId, outSum } = await openPayment(s.base, token, id);
    const cb = await fetch(`${s.base}/api/payments/callback/robokassa`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: robokassaPaid(invId, outSum),
    });
    if ((await cb.text()) !== `OK${invId}`) throw new Error('payment callback refused');
    console.info(`setup: ${DEALS} deals, paid, in ${Date.now() - t0} ms`);
  }, 180_000);

  const outbox = async () =>
    ((await api(s.base).get(`/api/dev/outbox?email=${encodeURIComponent(DEMO.email)}`)).json.data ?? []) as {
      subject: string;
      text: string;
    }[];

  /** The storage key in the letter that announces this declaration's export of that kind. */
  async function waitLetter(what: 'PDF' | 'Excel', ms = 120_000): Promise<string> {
    const until = Date.now() + ms;
    for (;;) {
      const letter = (await outbox()).find((l) => l.subject.includes(`(${what})`) && l.text.includes(`_d${id}_`));
      const m = letter?.text.match(/download=(\S+)/);
      if (m?.[1]) return decodeURIComponent(m[1]);
      if (Date.now() > until) throw new Error(`no ${what} letter after ${ms} ms:\n${s.output().slice(-2000)}`);
      await sleep(100);
    }
  }

  async function download(key: string) {
    const res = await fetch(`${s.base}/api/${key}`, { headers: { authorization: `Bearer ${token}` } });
    return {
      status: res.status,
      type: res.headers.get('content-type') ?? '',
      length: Number(res.headers.get('content-length')),
      bytes: Buffer.from(await res.arrayBuffer()),
    };
  }

  const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
  const onDisk = () => files(filesDir).map((f) => relative(filesDir, f));
  let xlsxKey = '';
  let xlsxJobCpu = 0;
  let leftovers: string[] = [];

  it('a large Excel export is queued, rendered by the job, stored and announced by a letter', LONG, async () => {
    const pid = s.proc.pid as number;
    const cpu0 = cpuMs(pid) ?? 0;
    const res = await api(s.base, token).get(`/api/declarations/${id}/export-excel/stream`);
    expect(res.status, res.text).toBe(202);
    expect(res.json.queued).toBe(true);
    let polling = true;
    let slowest = 0;
    const poll = (async () => {
      while (polling) {
        const t0 = performance.now();
        await fetch(`${s.base}/api/health`);
        slowest = Math.max(slowest, performance.now() - t0);
        await sleep(50);
      }
    })();
    xlsxKey = await waitLetter('Excel');
    polling = false;
    await poll;
    xlsxJobCpu = (cpuMs(pid) ?? 0) - cpu0;
    console.info(
      `export job: ${Math.round(xlsxJobCpu)} ms of server CPU; slowest /api/health meanwhile ${Math.round(slowest)} ms`,
    );
    expect(slowest).toBeLessThan(xlsxJobCpu * 0.6);
    const file = await download(xlsxKey);
    expect(file.status).toBe(200);
    expect(file.bytes.subarray(0, 4).toString('latin1')).toBe('PK\x03\x04');
  });

  it('kill -9 while the job generates the PDF: the job is left running, nothing of it stored', LONG, async () => {
    const t0 = Date.now();
    const res = await api(s.base, token).get(`/api/declarations/${id}/export-pdf`);
    expect(res.status, res.text).toBe(202);
    expect(res.json.queued).toBe(true);
    // The fault point kills the process between rendering and storing: an exact moment on any machine.
    const died = await Promise.race([s.exited.then(() => true), sleep(120_000).then(() => false)]);
    expect(died, 'the server reached the fault point after the PDF was rendered').toBe(true);
    const wall = Date.now() - t0;
    const state = await exportState(id);
    const pdfJob = state.jobs.find((j) => j.format === 'pdf');
    const known = new Set(state.allFiles.map((f) => f.storage_key));
    leftovers = onDisk().filter((f) => !known.has(f));
    console.info(
      `killed ${wall} ms after the PDF request; PDF job ${JSON.stringify(pdfJob)}; leftovers ${JSON.stringify(leftovers)}`,
    );
    expect(pdfJob?.status, 'the PDF job was running when the process died').toBe('running');
    expect(pdfJob?.attempts).toBe(1);
    expect(state.files.map((f) => f.kind)).toEqual(['declaration_xlsx']);
    expect(state.letters.map((l) => l.subject)).toEqual([expect.stringContaining('(Excel)')]);
    // killed before storage.put: nothing of the attempt reached the disk
    expect(leftovers).toEqual([]);
  });

  let pdfKey = '';
  it('after the restart the job runs again and its letter links exactly the stored bytes', LONG, async () => {
    s = await start();
    token = await demoToken(s.base);
    pdfKey = await waitLetter('PDF');
    expect(pdfKey).toMatch(new RegExp(`^\\d{4}/\\d{1,2}/\\d+/fno_270_00_2025_d${id}_\\d{8}T\\d{6}_full\\.pdf$`));
    const pdf = await download(pdfKey);
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe('application/pdf');
    expect(pdf.length).toBe(pdf.bytes.length);
    expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.bytes.subarray(-32).toString('latin1').trimEnd()).toMatch(/%%EOF$/);
    expect(pdf.bytes.equals(readFileSync(join(filesDir, pdfKey)))).toBe(true);

    const xlsx = await download(xlsxKey);
    expect(xlsx.status).toBe(200);
    expect(xlsx.length).toBe(xlsx.bytes.length);
    expect(xlsx.bytes.equals(readFileSync(join(filesDir, xlsxKey)))).toBe(true);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.bytes as unknown as ArrayBuffer);
    expect(wb.worksheets.length).toBeGreaterThan(0);
  });

  it('the database agrees: each export once, one letter each, every file row backed by whole bytes', LONG, async () => {
    // The job writes 'done' right after the commit that made its letter visible, before the server could
    // read the downloads above; PGlite runs one query at a time, in order: 'done' is on disk now.
    await s.stop();
    const state = await exportState(id);
    const byFormat = Object.fromEntries(state.jobs.map((j) => [j.format, j]));
    expect(state.jobs).toHaveLength(2);
    expect(byFormat.pdf).toMatchObject({ status: 'done', attempts: 2, last_error: null });
    expect(byFormat.xlsx).toMatchObject({ status: 'done', attempts: 1, last_error: null });
    expect(state.files.map((f) => [f.kind, f.storage_key]).sort()).toEqual(
      [
        ['declaration_pdf', pdfKey],
        ['declaration_xlsx', xlsxKey],
      ].sort(),
    );
    expect(
      state.letters
        .filter((l) => l.text_body.includes(`_d${id}_`))
        .map((l) => l.subject)
        .sort(),
    ).toEqual(['Декларация 270.00 за 2025 год (Excel) готова', 'Декларация 270.00 за 2025 год (PDF) готова']);
    for (const f of state.allFiles) {
      const bytes = readFileSync(join(filesDir, f.storage_key));
      expect(bytes.length, f.storage_key).toBe(f.size_bytes);
      expect(sha(bytes), f.storage_key).toBe(f.sha256);
    }
    // on disk: the files with rows, and at most the temporary file of the killed attempt
    const known = new Set(state.allFiles.map((f) => f.storage_key));
    expect(onDisk().filter((f) => !known.has(f))).toEqual(leftovers);
  });
});
