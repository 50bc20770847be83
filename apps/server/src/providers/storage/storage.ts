import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, normalize, sep } from 'node:path';
import type { Readable } from 'node:stream';

/** Where file bytes live; keys are relative paths chosen by the server, never by users. */
export interface FileStorage {
  put(key: string, bytes: Buffer): Promise<{ size: number; sha256: string }>;
  read(key: string): Promise<Buffer>;
  stream(key: string): Promise<Readable>;
  exists(key: string): Promise<boolean>;
  remove(key: string): Promise<void>;
}

const KEY_RE = /^[a-z0-9][a-z0-9/_.-]{0,250}$/i;

/**
 * Local directory storage. Writes go to a temporary name and are renamed into place, so a crash
 * mid-write never leaves a half-written file under its real key.
 */
export function localStorage(root: string): FileStorage {
  const path = (key: string) => {
    if (!KEY_RE.test(key) || key.includes('..')) throw new Error('invalid storage key');
    const p = normalize(join(root, key));
    if (!p.startsWith(normalize(root) + sep)) throw new Error('invalid storage key');
    return p;
  };
  return {
    async put(key, bytes) {
      const target = path(key);
      await mkdir(dirname(target), { recursive: true });
      const tmp = `${target}.${randomUUID()}.part`;
      await writeFile(tmp, bytes);
      await rename(tmp, target);
      return { size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
    },
    read: async (key) => readFile(path(key)),
    async stream(key) {
      const p = path(key);
      await stat(p);
      return createReadStream(p);
    },
    exists: async (key) => existsSync(path(key)),
    remove: async (key) => rm(path(key), { force: true }),
  };
}

/** In-memory storage for tests on the in-memory database. */
export function memoryStorage(): FileStorage {
  const m = new Map<string, Buffer>();
  return {
    async put(key, bytes) {
      m.set(key, Buffer.from(bytes));
      return { size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
    },
    async read(key) {
      const b = m.get(key);
      if (!b) throw new Error('not found');
      return b;
    },
    async stream(key) {
      const { Readable } = await import('node:stream');
      const b = m.get(key);
      if (!b) throw new Error('not found');
      return Readable.from(b);
    },
    exists: async (key) => m.has(key),
    remove: async (key) => {
      m.delete(key);
    },
  };
}
