import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobQueue, PermanentJobError } from '../src/jobs/queue.ts';
import { localStorage } from '../src/providers/storage/storage.ts';
import { createTestServer, type TestServer } from './helpers.ts';

let s: TestServer;
beforeAll(async () => {
  s = await createTestServer();
  // what the demo seed queued (its deals' follow-ups) runs first: the tests below count their own jobs
  while ((await s.deps.jobs.runOnce()) > 0) {}
});
afterAll(async () => {
  await s.close();
});

describe('durable jobs', () => {
  it('runs a job once, records progress and result, and de-duplicates by key', async () => {
    const seen: unknown[] = [];
    s.deps.jobs.register('echo', async (payload, ctx) => {
      seen.push(payload);
      await ctx.progress(50);
      return { ok: true };
    });
    const a = await s.deps.jobs.enqueue('echo', { n: 1 }, { dedupeKey: 'echo-1' });
    const b = await s.deps.jobs.enqueue('echo', { n: 1 }, { dedupeKey: 'echo-1' });
    expect(b).toBe(a);
    expect(await s.deps.jobs.runOnce()).toBe(1);
    expect(seen).toEqual([{ n: 1 }]);
    expect(await s.deps.jobs.get(a)).toMatchObject({ status: 'done', progress: 100, result: { ok: true } });
  });

  it('retries a failing job with backoff and stops at a permanent error', async () => {
    let calls = 0;
    s.deps.jobs.register('flaky', async () => {
      calls += 1;
      if (calls === 1) throw new Error('temporary');
      return 'fine';
    });
    const id = await s.deps.jobs.enqueue('flaky', {});
    await s.deps.jobs.runOnce();
    expect(await s.deps.jobs.get(id)).toMatchObject({ status: 'queued', attempts: 1, last_error: 'temporary' });
    s.clock.advance(5000);
    await s.deps.jobs.runOnce();
    expect(await s.deps.jobs.get(id)).toMatchObject({ status: 'done', attempts: 2 });

    s.deps.jobs.register('broken', async () => {
      throw new PermanentJobError('bad input');
    });
    const bad = await s.deps.jobs.enqueue('broken', {});
    await s.deps.jobs.runOnce();
    expect(await s.deps.jobs.get(bad)).toMatchObject({ status: 'failed', last_error: 'bad input' });
  });

  it('takes again a job whose worker died while running it', async () => {
    let calls = 0;
    s.deps.jobs.register('resumable', async () => {
      calls += 1;
      return calls;
    });
    const id = await s.deps.jobs.enqueue('resumable', {});
    // Simulate a worker that claimed the job and was killed: status running, not updated since.
    await s.deps.db.query(`UPDATE jobs SET status = 'running', attempts = 1, updated_at = $2 WHERE id = $1`, [
      id,
      s.clock.now(),
    ]);
    expect(await s.deps.jobs.runOnce()).toBe(0);
    s.clock.advance(6 * 60_000);
    expect(await s.deps.jobs.runOnce()).toBe(1);
    expect(await s.deps.jobs.get(id)).toMatchObject({ status: 'done' });
  });
});

describe('graceful stop', () => {
  it('waits for the job in progress to be marked done, then takes no other job', async () => {
    const q = createJobQueue(s.deps.db, s.clock);
    let release: () => void = () => {};
    const started = new Promise<void>((r) => {
      q.register('slow', async () => {
        r();
        await new Promise<void>((done) => {
          release = done;
        });
        return 'finished';
      });
    });
    const id = await q.enqueue('slow', {});
    const next = await q.enqueue('slow', {});
    const running = q.runOnce();
    await started;
    const stopped = q.stop(5_000);
    setTimeout(() => release(), 50);
    await stopped;
    // marked done before stop() resolved: the database may close now without leaving it 'running'
    expect(await q.get(id)).toMatchObject({ status: 'done', result: 'finished' });
    expect(await q.get(next)).toMatchObject({ status: 'queued', attempts: 0 });
    expect(await running).toBe(1);
    expect(await q.runOnce()).toBe(0);
    await s.deps.db.query('DELETE FROM jobs WHERE id = $1', [next]);
  });
});

describe('local file storage', () => {
  const root = mkdtempSync(join(tmpdir(), 'storage-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const st = localStorage(root);

  it('writes atomically and reads back the same bytes with their hash', async () => {
    const res = await st.put('2025/01/7/report.xml', Buffer.from('<x/>'));
    expect(res.size).toBe(4);
    expect(res.sha256).toMatch(/^[a-f0-9]{64}$/);
    expect((await st.read('2025/01/7/report.xml')).toString()).toBe('<x/>');
    expect(readdirSync(join(root, '2025/01/7')).filter((f) => f.endsWith('.part'))).toEqual([]);
  });

  it('refuses keys that escape the root', async () => {
    await expect(st.put('../evil', Buffer.from('x'))).rejects.toThrow(/invalid storage key/);
    await expect(st.read('/etc/passwd')).rejects.toThrow(/invalid storage key/);
  });
});
