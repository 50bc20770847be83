import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { freePort, type Result, ROOT, startProduct } from './support.ts';

// Web speed (issue 10): the production build's initial JavaScript for /auth/login (gzipped), and
// Lighthouse performance and accessibility scores on /auth/login and /app/declaration?step=2, with
// Debian's Chromium started here on a remote-debugging port.

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const KB = 1024;

function build(outDir: string) {
  const r = spawnSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir'], {
    cwd: join(ROOT, 'apps/web'),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (r.status !== 0) throw new Error('vite build failed');
}

const gz = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;

/** The entry script, its modulepreloads, and every chunk they import statically (what loads before any click). */
function initialChunks(dist: string): string[] {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const seeds = [
    ...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
  ].map((m) => m[1] as string);
  const seen = new Set<string>();
  const visit = (url: string) => {
    const file = join(dist, url.replace(/^\//, ''));
    if (seen.has(file) || !existsSync(file)) return;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    // static imports only: `import ... from "./x.js"` / `import "./x.js"` (dynamic import() is a later chunk)
    for (const m of code.matchAll(/(?:^|[;}\s])import\s*(?:[\w${},*\s]+from\s*)?["']([^"']+\.js)["']/g)) {
      const target = m[1] as string;
      visit(target.startsWith('.') ? join(dirname(url), target) : target);
    }
  };
  for (const s of seeds) visit(s);
  return [...seen];
}

async function startChromium(): Promise<{ port: number; proc: ChildProcess; profile: string }> {
  const port = await freePort();
  const profile = mkdtempSync(join(tmpdir(), 'deklarant-chromium-'));
  const proc = spawn(
    CHROMIUM,
    [...FLAGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'],
    {
      stdio: 'ignore',
    },
  );
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) return { port, proc, profile };
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  proc.kill('SIGKILL');
  throw new Error('Chromium did not open its debugging port');
}

export async function run(): Promise<Result[]> {
  const work = mkdtempSync(join(tmpdir(), 'deklarant-webbench-'));
  const dist = join(work, 'web');
  const out: Result[] = [];
  try {
    build(dist);
    const chunks = initialChunks(dist);
    const initial = chunks.reduce((n, f) => n + gz(f), 0);
    out.push({
      name: 'initial JavaScript of the production build (entry + modulepreload + static imports), gzipped',
      measured: Math.round(initial / KB),
      unit: 'KB',
      budget: 250,
      kind: 'max',
      note: `${chunks.length} chunks`,
    });

    const server = await startProduct({ WEB_DIST: dist });
    const chrome = await startChromium();
    try {
      // What the browser really fetches to show /auth/login (lazy route chunks included), gzipped.
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      const context = browser.contexts()[0] ?? (await browser.newContext());
      // Each language loads only its own catalogues: the budget holds for Russian, Kazakh and English alike.
      for (const language of ['ru', 'kk', 'en']) {
        const probe = await context.newPage();
        await probe.addInitScript((l) => {
          const ls = (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage;
          ls.setItem('deklarant.language', l);
        }, language);
        const scripts = new Set<string>();
        probe.on('request', (r) => {
          if (r.resourceType() === 'script') scripts.add(new URL(r.url()).pathname);
        });
        await probe.goto(`${server.base}/auth/login`, { waitUntil: 'networkidle' });
        const loaded = [...scripts].map((p) => join(dist, p.replace(/^\//, ''))).filter(existsSync);
        out.push({
          name: `JavaScript the browser loads for /auth/login in ${language} (lazy route chunks included), gzipped`,
          measured: Math.round(loaded.reduce((n, f) => n + gz(f), 0) / KB),
          unit: 'KB',
          budget: 250,
          kind: 'max',
          note: `${loaded.length} files`,
        });
        await probe.close();
      }
      const page = await context.newPage();
      await page.goto(`${server.base}/auth/login`, { waitUntil: 'networkidle' });
      // a session for the app screen (lighthouse keeps the storage: disableStorageReset)
      const login = await fetch(`${server.base}/api/auth/login`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          cookie: `XSRF-TOKEN=${'a'.repeat(64)}`,
          'x-xsrf-token': 'a'.repeat(64),
        },
        body: JSON.stringify({ email: 'demo@example.com', password: 'Demo-pass-1' }),
      });
      const { token } = (await login.json()) as { token: string };
      await page.evaluate((t) => {
        const ls = (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage;
        ls.setItem('access_token', t);
        ls.setItem('session', 'B2C');
        ls.setItem('onboarding_seen', '1');
      }, token);
      await page.close();
      await browser.close();

      const lighthouse = (await import('lighthouse')).default;
      for (const path of ['/auth/login', '/app/declaration?step=2']) {
        for (const preset of ['desktop', 'mobile'] as const) {
          const config =
            preset === 'desktop' ? (await import('lighthouse/core/config/desktop-config.js')).default : undefined;
          const r = await lighthouse(
            `${server.base}${path}`,
            {
              port: chrome.port,
              output: 'json',
              logLevel: 'error',
              onlyCategories: ['performance', 'accessibility'],
              disableStorageReset: true,
            },
            config,
          );
          const cats = r?.lhr.categories;
          const perf = Math.round((cats?.performance?.score ?? 0) * 100);
          const a11y = Math.round((cats?.accessibility?.score ?? 0) * 100);
          const audits = r?.lhr.audits ?? {};
          const fcp = audits['first-contentful-paint']?.displayValue;
          const lcp = audits['largest-contentful-paint']?.displayValue;
          const tbt = audits['total-blocking-time']?.displayValue;
          const finalUrl = r?.lhr.finalDisplayedUrl ?? '';
          const note = `FCP ${fcp}, LCP ${lcp}, TBT ${tbt}${finalUrl.includes(path.split('?')[0] as string) ? '' : `, ended on ${finalUrl}`}`;
          out.push({
            name: `Lighthouse ${preset} performance ${path}`,
            measured: perf,
            unit: 'score',
            budget: 90,
            kind: 'min',
            note,
          });
          out.push({
            name: `Lighthouse ${preset} accessibility ${path}`,
            measured: a11y,
            unit: 'score',
            budget: 90,
            kind: 'min',
          });
        }
      }
    } finally {
      const gone = new Promise((r) => chrome.proc.once('exit', r));
      chrome.proc.kill('SIGKILL');
      await gone;
      try {
        rmSync(chrome.profile, { recursive: true, force: true, maxRetries: 5 });
      } catch {
        /* Chromium's crash handler may still be writing; the temp folder is left behind */
      }
      await server.stop();
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return out;
}
