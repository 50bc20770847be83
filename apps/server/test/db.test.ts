import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDb } from '../src/db/db.ts';
import { createSchema, dropSchema, withSchema } from './helpers.ts';

// Statements run as named prepared statements on PostgreSQL (parsed once per connection). These
// tests prove that a statement prepared before a table changed shape still answers correctly.
const pgUrl = process.env.TEST_DATABASE_URL;

describe.runIf(pgUrl)('prepared statements on PostgreSQL', () => {
  const schema = `t_db_${process.pid}`;
  let db: Db;
  beforeAll(async () => {
    await createSchema(pgUrl as string, schema);
    // one connection, so every call below reuses the statements it prepared
    db = await openDb({ databaseUrl: withSchema(pgUrl as string, schema), poolSize: 1 });
    await db.exec('CREATE TABLE things (id int PRIMARY KEY, name text)');
    await db.query('INSERT INTO things VALUES (1, $1), (2, $2)', ['один', 'два']);
  });
  afterAll(async () => {
    await db.close();
    await dropSchema(pgUrl as string, schema);
  });

  it('answers each call with its own parameters', async () => {
    const sql = 'SELECT name FROM things WHERE id = $1';
    expect(await db.one(sql, [1])).toEqual({ name: 'один' });
    expect(await db.one(sql, [2])).toEqual({ name: 'два' });
    expect(await db.one(sql, [3])).toBeUndefined();
  });

  it('re-prepares a SELECT * after another process added a column (outside a transaction at once)', async () => {
    const sql = 'SELECT * FROM things WHERE id = $1';
    expect(await db.one(sql, [1])).toEqual({ id: 1, name: 'один' });
    await db.exec("ALTER TABLE things ADD COLUMN note text NOT NULL DEFAULT 'новое'");
    expect(await db.one(sql, [1])).toEqual({ id: 1, name: 'один', note: 'новое' });
  });

  it('in a transaction the stale statement fails that transaction only; the next one succeeds', async () => {
    const sql = 'SELECT * FROM things WHERE id = $1';
    await db.tx((t) => t.one(sql, [2]));
    await db.exec('ALTER TABLE things ADD COLUMN extra int');
    await expect(db.tx((t) => t.one(sql, [2]))).rejects.toMatchObject({ code: '0A000' });
    expect(await db.tx((t) => t.one(sql, [2]))).toEqual({ id: 2, name: 'два', note: 'новое', extra: null });
  });
});
