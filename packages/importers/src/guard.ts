/** Checks made before any parser sees the bytes. */
import { MSG } from '@deklarant/contracts';
import { refuse } from './errors.ts';
import { tx } from './texts.ts';
import type { ParseOptions } from './types.ts';

export const DEFAULT_MAX_BYTES = 5 * 1024 * 1024;
export const DEFAULT_MAX_UNCOMPRESSED = 100 * 1024 * 1024;

export function assertSize(bytes: Uint8Array, opts: ParseOptions = {}): void {
  if (bytes.length === 0) refuse('empty', tx('refuse.emptyBytes'));
  const max = opts.maxBytes ?? DEFAULT_MAX_BYTES;
  if (bytes.length > max) refuse('too_large', MSG.fileTooLarge(Math.round((max / 1024 / 1024) * 10) / 10));
}

export const zipLimits = (opts: ParseOptions = {}) => ({
  maxUncompressedBytes: opts.maxUncompressedBytes ?? DEFAULT_MAX_UNCOMPRESSED,
});
