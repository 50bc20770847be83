import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './db.ts';

const DATA_DIR = join(dirname(fileURLToPath(import.meta.url)), 'reference-data');

type Row = Record<string, unknown>;

/**
 * Tables keyed by something other than id, which nothing refers to: their file is the whole table, so
 * a pair taken out of the file is deleted too (transaction_types: the operation types a section allows).
 */
const REPLACED_TABLES: Record<string, readonly string[]> = { transaction_types: ['section_id', 'operation_type_id'] };

/**
 * Upserts every reference-data/<table>.json into <table> by id. Runs at every start, so a corrected
 * data file corrects the database; rows are never deleted (old declarations may point at them), except
 * in REPLACED_TABLES.
 */
export async function seedReference(db: Db, extra: Record<string, Row[]> = {}): Promise<void> {
  const files = readdirSync(DATA_DIR).filter((f) => f.endsWith('.json'));
  const tables: Record<string, Row[]> = { ...extra };
  for (const f of files) tables[basename(f, '.json')] = JSON.parse(readFileSync(join(DATA_DIR, f), 'utf8')) as Row[];
  await db.tx(async (t) => {
    for (const [table, rows] of Object.entries(tables)) await upsert(t, table, rows);
  });
}

async function upsert(db: Db, table: string, rows: Row[]): Promise<void> {
  if (!/^[a-z_]+$/.test(table)) throw new Error(`bad reference table name ${table}`);
  const keys = REPLACED_TABLES[table] ?? ['id'];
  if (REPLACED_TABLES[table]) await db.query(`DELETE FROM ${table}`);
  const first = rows[0];
  if (!first) return;
  const cols = Object.keys(first);
  const chunk = 200;
  for (let i = 0; i < rows.length; i += chunk) {
    const part = rows.slice(i, i + chunk);
    const params: unknown[] = [];
    const values = part.map((row) => {
      const ph = cols.map((c) => {
        const v = row[c];
        params.push(v !== null && typeof v === 'object' ? JSON.stringify(v) : v);
        return `$${params.length}`;
      });
      return `(${ph.join(', ')})`;
    });
    const updates = cols.filter((c) => !keys.includes(c)).map((c) => `${c} = EXCLUDED.${c}`);
    await db.query(
      `INSERT INTO ${table} (${cols.join(', ')}) VALUES ${values.join(', ')}
       ON CONFLICT (${keys.join(', ')}) DO ${updates.length ? `UPDATE SET ${updates.join(', ')}` : 'NOTHING'}`,
      params,
    );
  }
}
