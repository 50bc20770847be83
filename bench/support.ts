import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const ROOT = new URL('..', import.meta.url).pathname;

export interface Result {
  name: string;
  measured: number;
  unit: string;
  budget: number;
  /** 'max': measured must be at most the budget; 'min': at least; 'report': a figure without a budget */
  kind: 'max' | 'min' | 'report';
  note?: string;
}

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

export interface Running {
  base: string;
  startMs: number;
  proc: ChildProcess;
  stop(): Promise<void>;
}

/** Starts the real server (tsx) on a fresh data folder and waits for /api/health. */
export async function startProduct(env: Record<string, string> = {}): Promise<Running> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'deklarant-bench-'));
  const t0 = performance.now();
  // BENCH_CPU_PROF_DIR=dir writes a V8 CPU profile of each server started (open it in Chrome DevTools)
  const prof = process.env.BENCH_CPU_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF_DIR}`] : [];
  const proc = spawn(process.execPath, [...prof, '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      APP_ENV: 'test',
      CAPTCHA: 'off',
      RATES_SOURCE: 'sandbox',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    if (performance.now() - t0 > 120_000) throw new Error('server did not start in 120 s');
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 20));
  }
  const startMs = performance.now() - t0;
  return {
    base,
    startMs,
    proc,
    stop: async () => {
      proc.kill('SIGTERM');
      await new Promise((r) => proc.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
