import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './db.ts';

const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Applies pending SQL migrations in file-name order, all in one transaction. On PostgreSQL an
 * advisory transaction lock makes a second instance starting at the same time wait, then see them done.
 */
export async function migrate(db: Db): Promise<string[]> {
  return db.tx(async (t) => {
    if (t.kind === 'postgres') await t.query('SELECT pg_advisory_xact_lock(727001)');
    await t.exec(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const done = new Set((await t.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name));
    const files = readdirSync(MIGRATIONS_DIR)
      .filter((f) => f.endsWith('.sql'))
      .sort();
    const applied: string[] = [];
    for (const file of files) {
      if (done.has(file)) continue;
      await t.exec(readFileSync(join(MIGRATIONS_DIR, file), 'utf8'));
      await t.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
      applied.push(file);
    }
    return applied;
  });
}
