import { closeSync, existsSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * One small database port that runs the same SQL on the embedded PGlite and on a PostgreSQL
 * server. Repositories take a `Db`; inside `tx` they get a `Db` bound to the transaction.
 */
export interface Db {
  readonly kind: 'pglite' | 'postgres';
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  one<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T | undefined>;
  /** Runs several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  tx<T>(fn: (db: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

type Runner = { query: (sql: string, params?: unknown[]) => Promise<{ rows: unknown[] }> };
type PgRunner = { query: (q: pg.QueryConfig) => Promise<{ rows: unknown[] }> };

/**
 * Names for server-side prepared statements: PostgreSQL parses and plans a named statement once per
 * connection instead of on every call (a third of the database's work under load was parsing the
 * same few dozen statements). Texts built with a varying number of rows would each take a name, so
 * long texts and texts past the first few hundred stay unnamed.
 */
class StatementNames {
  private readonly names = new Map<string, string>();
  private next = 0;

  of(sql: string): string | undefined {
    let name = this.names.get(sql);
    if (name === undefined && this.names.size < 500 && sql.length < 4000) {
      name = `q${this.next++}`;
      this.names.set(sql, name);
    }
    return name;
  }

  /** A statement whose tables changed shape (another instance migrated): it is parsed anew under a new name. */
  forget(sql: string): void {
    this.names.delete(sql);
  }
}

/**
 * 0A000 'cached plan must not change result type': a prepared `SELECT *` outlived an ALTER TABLE;
 * 26000 'prepared statement does not exist': pg closes a statement whose values it failed to encode.
 */
const isStalePlan = (err: unknown) => ['0A000', '26000'].includes((err as { code?: string }).code ?? '');

/** Runs one statement on a pg pool or client as a named prepared statement. */
function pgQuery(runner: PgRunner, names: StatementNames, inTx: boolean) {
  return async (sql: string, params: readonly unknown[]) => {
    const run = () => runner.query({ text: sql, values: params as unknown[], name: names.of(sql) });
    try {
      return await run();
    } catch (err) {
      if (!isStalePlan(err)) throw err;
      names.forget(sql);
      // inside a transaction the error has aborted it; the caller's retry gets the fresh statement
      if (inTx) throw err;
      return run();
    }
  };
}

/** Binds a runner; without `tx` the Db is already inside a transaction and nested calls join it. */
function bind(
  kind: Db['kind'],
  run: (sql: string, params: readonly unknown[]) => Promise<{ rows: unknown[] }>,
  exec: Db['exec'],
  close: Db['close'],
  tx?: Db['tx'],
): Db {
  const query = async <T>(sql: string, params: readonly unknown[] = []) => (await run(sql, params)).rows as T[];
  const db: Db = {
    kind,
    query,
    one: async <T>(sql: string, params: readonly unknown[] = []) => (await query<T>(sql, params))[0],
    exec,
    tx: tx ?? ((fn) => fn(db)),
    close,
  };
  return db;
}

/** PGlite's runner: it keeps no statements between calls. */
const pgliteQuery = (runner: Runner) => (sql: string, params: readonly unknown[]) =>
  runner.query(sql, params as unknown[]);

// numeric -> string and int8 -> string keep money exact; dates stay Date objects.
const NUMERIC_OID = 1700;
const INT8_OID = 20;

export async function openPglite(dataDir?: string): Promise<Db> {
  const release = dataDir ? lockDataDir(dataDir) : () => {};
  const client = await PGlite.create({
    ...(dataDir ? { dataDir: join(dataDir, 'pg') } : {}),
    parsers: { [NUMERIC_OID]: (v: string) => v, [INT8_OID]: (v: string) => Number(v) },
  });
  const close = async () => {
    await client.close();
    release();
  };
  const exec = async (sql: string) => {
    await client.exec(sql);
  };
  const tx: Db['tx'] = (fn) =>
    client.transaction((t) =>
      fn(bind('pglite', pgliteQuery(t as Runner), (s) => t.exec(s).then(() => undefined), close)),
    );
  return bind('pglite', pgliteQuery(client as unknown as Runner), exec, close, tx);
}

export async function openPostgres(url: string, poolSize = 20): Promise<Db> {
  pg.types.setTypeParser(NUMERIC_OID, (v) => v);
  pg.types.setTypeParser(INT8_OID, (v) => Number(v));
  const pool = new pg.Pool({ connectionString: url, max: poolSize, idleTimeoutMillis: 30_000 });
  const names = new StatementNames();
  // A dropped connection (server restart) must not crash the process; the pool reconnects.
  pool.on('error', () => {});
  const close = async () => {
    await pool.end();
  };
  const exec = async (sql: string) => {
    await pool.query(sql);
  };
  const tx: Db['tx'] = async (fn) => {
    const client = await pool.connect();
    // A connection dropped while checked out (server restart, terminated backend) emits 'error' on
    // the client; unheard, that event would crash the process. The pending query rejects anyway, and
    // the broken client is destroyed on release instead of going back to the pool.
    let broken: Error | undefined;
    const onError = (err: Error) => {
      broken = err;
    };
    client.on('error', onError);
    try {
      await client.query('BEGIN');
      const inner = bind('postgres', pgQuery(client, names, true), (s) => client.query(s).then(() => undefined), close);
      const result = await fn(inner);
      await client.query('COMMIT');
      return result;
    } catch (err) {
      await client.query('ROLLBACK').catch((e: Error) => {
        broken ??= e;
      });
      throw err;
    } finally {
      client.off('error', onError);
      client.release(broken);
    }
  };
  return bind('postgres', pgQuery(pool, names, false), exec, close, tx);
}

/**
 * PGlite takes no lock on its folder and two processes on one folder corrupt it, so we hold a
 * pid file created with O_EXCL; a stale one (dead pid) is taken over.
 */
function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = join(dataDir, 'server.lock');
  const take = () => {
    const fd = openSync(lockPath, 'wx');
    writeSync(fd, String(process.pid));
    closeSync(fd);
  };
  try {
    take();
  } catch {
    const pid = Number(existsSync(lockPath) ? readFileSync(lockPath, 'utf8') : '0');
    if (pid && pid !== process.pid && isAlive(pid)) {
      throw new Error(
        `DATA_DIR ${dataDir} is used by another running server (pid ${pid}); stop it or choose another DATA_DIR`,
      );
    }
    unlinkSync(lockPath);
    take();
  }
  return () => {
    try {
      unlinkSync(lockPath);
    } catch {
      /* already gone */
    }
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export async function openDb(opts: {
  databaseUrl?: string;
  poolSize?: number;
  dataDir?: string;
  memory?: boolean;
}): Promise<Db> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts.poolSize);
  return openPglite(opts.memory ? undefined : opts.dataDir);
}
