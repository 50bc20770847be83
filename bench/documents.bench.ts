import { loadavg } from 'node:os';
import { renderPdf, renderXlsx, renderXml, validateXml } from '@deklarant/documents';
import { loadConfig } from '../apps/server/src/config.ts';
import type { Deps } from '../apps/server/src/deps.ts';
import { declarationsRepo } from '../apps/server/src/modules/declarations/repo.ts';
import { buildDeclarationDocument } from '../apps/server/src/modules/documents/service.ts';
import { startServer } from '../apps/server/src/server.ts';
import { generateDeals } from '../packages/tax/src/testing/generate.ts';
import type { Result } from './support.ts';

/**
 * The whole document path of issue 6 for one declaration, in process on the embedded database:
 * read the deals, run the tax engine (assembly of apps/server/src/modules/calculation), build the
 * renderers' input, then XML (+ XSD validation, as generate-xml does), PDF and XLSX.
 * generateDeals(n) gives n sales, n purchase lots and n/10 dividends (so 20,000 -> 42,000 rows).
 */
async function seed(deps: Deps, n: number): Promise<number> {
  const input = generateDeals(n, 2024);
  const user = await deps.db.one<{ id: number }>(
    `INSERT INTO users (email, name, surname, iin, phone, is_onboarding_completed)
     VALUES ($1, 'Бенч', 'Бенчев', '900101300126', '+77011234567', true) RETURNING id`,
    [`bench-${n}@example.com`],
  );
  const now = new Date();
  const decl = await declarationsRepo(deps.db).insert({
    user_id: user!.id,
    manager_id: null,
    reporting_form_id: 3,
    type: 1,
    year: 2024,
    kgd_code_id: 1,
    broker: null,
    created_at: now,
    declaration_expired_date: new Date(now.getTime() + 864e6),
    personal_data: { iin: '900101300126', surname: 'Бенчев', name: 'Бенч', phone: '+77011234567' },
    status: 3,
  });
  const ids = new Map<unknown, number>();
  const order = ['second_section', 'third_section', 'purchase_transaction_currency_section'];
  for (const section of order) {
    const deals = input.sections[section] ?? [];
    for (let i = 0; i < deals.length; i += 1000) {
      const chunk = deals.slice(i, i + 1000);
      const values: string[] = [];
      const params: unknown[] = [decl.id, section, now];
      for (const d of chunk) {
        const { id, status, transaction_date, currency_code, ...fields } = d as Record<string, unknown>;
        if (fields.first_a_and_second_section_deal_id !== undefined) {
          fields.first_a_and_second_section_deal_id = ids.get(fields.first_a_and_second_section_deal_id) ?? null;
        }
        const [dd, mm, yy] = String(transaction_date).split('.');
        params.push(`${yy}-${mm}-${dd}`, currency_code, JSON.stringify(fields));
        const k = params.length;
        values.push(`($1, $2, $${k - 2}::date, $${k - 1}, $${k}::jsonb, $3, $3)`);
      }
      const rows = await deps.db.query<{ id: number }>(
        `INSERT INTO deals (declaration_id, section, transaction_date, currency_code, fields, created_at, updated_at)
         VALUES ${values.join(',')} RETURNING id`,
        params,
      );
      chunk.forEach((d, j) => {
        ids.set(d.id, rows[j]!.id);
      });
    }
  }
  return decl.id;
}

async function measure(deps: Deps, id: number) {
  const row = (await declarationsRepo(deps.db).byId(id))!;
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const doc = await buildDeclarationDocument(deps, row);
  const tCompute = performance.now();
  const xml = renderXml(doc);
  const check = await validateXml(xml, 3);
  const tXml = performance.now();
  const pdf = await renderPdf(doc);
  const tPdf = performance.now();
  const xlsx = await renderXlsx(doc);
  const t1 = performance.now();
  const cpu = process.cpuUsage(c0);
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  if (!check.valid) throw new Error(`XML invalid: ${check.errors.slice(0, 3).join('; ')}`);
  const split = `compute ${Math.round(tCompute - t0)} ms, XML+XSD ${Math.round(tXml - tCompute)} ms, PDF ${Math.round(tPdf - tXml)} ms (${(pdf.length / 1e6).toFixed(1)} MB), XLSX ${Math.round(t1 - tPdf)} ms (${(xlsx.length / 1e6).toFixed(1)} MB)`;
  const cpuMs = Math.round((cpu.user + cpu.system) / 1000);
  const load = loadavg()[0]!.toFixed(1);
  return {
    ms: Math.round(t1 - t0),
    peakMb: Math.round(peak / 1e6),
    split: `${split}; CPU ${cpuMs} ms; load average ${load}`,
  };
}

export async function run(): Promise<Result[]> {
  const config = loadConfig({
    APP_ENV: 'test',
    CAPTCHA: 'off',
    RATES_SOURCE: 'sandbox',
    LOG_LEVEL: 'silent',
    APP_SECRET: 'bench-secret-bench-secret-bench-secret-0',
    DATA_DIR: '/tmp/deklarant-bench-documents',
  });
  const { app, deps } = await startServer(config, { memory: true });
  try {
    const small = await seed(deps, 1000);
    // warm-up (fonts, XSD, module load) is not part of the figure
    await measure(deps, small);
    const a = await measure(deps, small);
    const large = await seed(deps, 20_000);
    global.gc?.();
    const base = Math.round(process.memoryUsage().rss / 1e6);
    const b = await measure(deps, large);
    return [
      {
        name: 'documents: compute + XML + PDF + XLSX, 1,000 sales (2,100 deals)',
        measured: a.ms,
        unit: 'ms',
        budget: 1500,
        kind: 'max',
        note: a.split,
      },
      {
        name: 'documents: compute + XML + PDF + XLSX, 20,000 sales (42,000 deals)',
        measured: b.ms,
        unit: 'ms',
        budget: 15000,
        kind: 'max',
        note: b.split,
      },
      {
        name: 'documents: peak RSS growth during the 20,000-sale run',
        measured: Math.max(0, b.peakMb - base),
        unit: 'MB',
        budget: 500,
        kind: 'max',
        note: `peak RSS ${b.peakMb} MB, ${base} MB before (embedded database included)`,
      },
    ];
  } finally {
    await app.close();
  }
}
