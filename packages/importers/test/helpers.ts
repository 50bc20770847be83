import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { ImportRefusedError, parseReport } from '../src/index.ts';
import type { ParseOptions } from '../src/types.ts';

export const sample = (name: string) => new Uint8Array(readFileSync(join(import.meta.dirname, '..', 'samples', name)));

export const parseSample = (name: string, opts: ParseOptions = {}) =>
  parseReport(sample(name), { filename: name, ...opts });

/** The file must be refused with a Russian message matching `message`, and return nothing. */
export async function expectRefused(bytes: Uint8Array, message: RegExp, opts: ParseOptions = {}) {
  let result: unknown;
  let error: unknown;
  try {
    result = await parseReport(bytes, opts);
  } catch (e) {
    error = e;
  }
  expect(result).toBeUndefined();
  expect(error).toBeInstanceOf(ImportRefusedError);
  const msg = (error as Error).message;
  expect(msg).toMatch(message);
  expect(msg).toMatch(/[а-яё]/i);
  return error as ImportRefusedError;
}
