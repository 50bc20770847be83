import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Personal data never reaches the server log. scripts/test.mjs runs this file after every other
// journey, on the log of the e2e server (E2E_SERVER_LOG), and searches it for every IIN, email,
// phone and person name the journeys typed in, plus tokens, passwords and codes.

const LOG = process.env.E2E_SERVER_LOG;
const HERE = new URL('.', import.meta.url).pathname;

/** The personal data the journeys use, read from their sources (so new journeys are covered). */
function journeyData() {
  const files = readdirSync(HERE).filter((f) => f.endsWith('.e2e.ts') && f !== 'logs.e2e.ts');
  const text = files.map((f) => readFileSync(join(HERE, f), 'utf8')).join('\n');
  const strings = [...text.matchAll(/(['"`])((?:(?!\1)[^\\\n]|\\.)*)\1/g)].map((m) => m[2] as string);
  const iins = new Set(strings.flatMap((s) => s.match(/(?<!\d)\d{12}(?!\d)/g) ?? []));
  const emails = new Set(
    strings
      .flatMap((s) => s.match(/[\w.+-]+@[\w-]+\.[\w.]+/g) ?? [])
      .filter((e) => !e.includes('${'))
      .map((e) => e.toLowerCase()),
  );
  const phones = new Set(strings.flatMap((s) => s.match(/\+7\d{10}/g) ?? []));
  // person names: values of name/surname/patronymic fields, and names typed into those fields
  const names = new Set<string>();
  for (const m of text.matchAll(/(?:surname|name|patronymic)\s*:\s*'([А-ЯЁA-Z][а-яёa-z-]{2,})'/g)) {
    // a button's accessible name (getByRole('button', { name: 'Close' })) is not a person's
    if (/getByRole\([^)]*$/.test(text.slice(Math.max(0, (m.index ?? 0) - 80), m.index))) continue;
    names.add(m[1] as string);
  }
  for (const m of text.matchAll(/\[data-field="(?:surname|name|patronymic)"\][^\n]*?\.fill\('([^']{3,})'\)/g))
    names.add(m[1] as string);
  for (const known of ['Доступ', 'Проверкин']) names.add(known);
  return { iins, emails, phones, names };
}

describe.runIf(Boolean(LOG))('the server log of the whole e2e run', () => {
  const log = LOG ? readFileSync(LOG, 'utf8') : '';
  const lower = log.toLowerCase();

  it('is a real log of the journeys (structured lines with requests)', () => {
    expect(log.length).toBeGreaterThan(10_000);
    expect(log).toMatch(/"route":"\/api\/declarations/);
  });

  it('holds no IIN, email, phone or person name typed in the journeys', () => {
    const d = journeyData();
    expect(d.iins.size + d.emails.size + d.names.size).toBeGreaterThan(5);
    const found: string[] = [];
    for (const iin of d.iins) if (log.includes(iin)) found.push(`IIN ${iin}`);
    for (const e of d.emails) if (lower.includes(e)) found.push(`email ${e}`);
    for (const p of d.phones) if (log.includes(p) || log.includes(p.slice(1))) found.push(`phone ${p}`);
    for (const n of d.names) if (log.includes(n)) found.push(`name ${n}`);
    // any address at all (letters, registrations of generated accounts) and any IIN-like number
    for (const m of log.match(/[\w.+-]+@[\w-]+\.(?:com|kz|ru|local|test|org)\b/gi) ?? []) found.push(`email ${m}`);
    for (const m of log.match(/(?<![\d.:-])\d{12}(?![\d.:-])/g) ?? []) found.push(`12 digits ${m}`);
    expect([...new Set(found)].slice(0, 20)).toEqual([]);
  });

  it('holds no bearer token, password, cookie, verification code or card data', () => {
    expect(log).not.toMatch(/Bearer\s+[\w-]{10,}/);
    expect(log).not.toMatch(
      /"(password|old_password|password_confirmation|token|access_token|code|captcha)":"(?!\[скрыто\])[^"]+"/,
    );
    expect(log).not.toMatch(/XSRF-TOKEN=[a-f0-9]{16,}/);
    // Request ids are random UUIDs whose first groups can be all digits: they are not card numbers.
    const withoutIds = log.replace(/"reqId":"[0-9a-f-]{36}"/g, '');
    expect(withoutIds).not.toMatch(/(?<![\d.])(?:4\d{3}|5[1-5]\d{2})(?:[ -]?\d{4}){3}(?!\d)/);
    // request lines carry the path only: no query string (it may hold an email or a token)
    expect(log).not.toMatch(/"path":"[^"]*\?/);
  });
});
