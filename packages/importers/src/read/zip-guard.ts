import { Unzip, UnzipInflate, unzipSync } from 'fflate';
import { ImportRefusedError, refuse } from '../errors.ts';
import { tx } from '../texts.ts';

export interface ZipLimits {
  /** total inflated bytes allowed */
  maxUncompressedBytes: number;
  /** inflated/compressed ratio allowed for any entry bigger than 1 MB */
  maxRatio?: number;
  maxEntries?: number;
}

const CHUNK = 16 * 1024;
const EOCD = [0x50, 0x4b, 0x05, 0x06];

export const isZip = (b: Uint8Array) => b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;

const bomb = () => refuse('zip_bomb', tx('refuse.zipBomb'));

/**
 * Inflates every entry with fflate in small steps, counting real output, before exceljs opens the
 * file: declared sizes can lie, so the count (not the header) decides. Aborts as soon as a limit is hit.
 */
export function assertSafeZip(bytes: Uint8Array, limits: ZipLimits): void {
  if (!hasEndRecord(bytes)) {
    refuse('truncated', tx('refuse.xlsxTruncated'));
  }
  const maxRatio = limits.maxRatio ?? 200;
  const maxEntries = limits.maxEntries ?? 2000;
  let total = 0;
  let entries = 0;
  let failure: unknown = null;
  const unzip = new Unzip((file) => {
    entries++;
    if (entries > maxEntries) bomb();
    if (file.originalSize !== undefined && file.originalSize > limits.maxUncompressedBytes) bomb();
    let size = 0;
    // entries written with a data descriptor do not declare their packed size: compare to the archive
    const packed = file.size && file.size > 0 ? file.size : bytes.length;
    file.ondata = (err, chunk) => {
      if (err) {
        failure = err;
        return;
      }
      size += chunk.length;
      total += chunk.length;
      if (total > limits.maxUncompressedBytes) bomb();
      if (size > 1024 * 1024 && size / packed > maxRatio) bomb();
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    for (let i = 0; i < bytes.length && !failure; i += CHUNK) {
      unzip.push(bytes.subarray(i, Math.min(i + CHUNK, bytes.length)), i + CHUNK >= bytes.length);
    }
  } catch (e) {
    failure = e;
  }
  // fflate may hand our own refusal back through ondata(err): keep its message
  if (failure instanceof ImportRefusedError) throw failure;
  if (failure) refuse('corrupt', tx('refuse.xlsxCorrupt'));
}

function hasEndRecord(b: Uint8Array): boolean {
  for (let i = b.length - 22; i >= Math.max(0, b.length - 22 - 65535); i--) {
    if (b[i] === EOCD[0] && b[i + 1] === EOCD[1] && b[i + 2] === EOCD[2] && b[i + 3] === EOCD[3]) return true;
  }
  return false;
}

/** Text of the shared strings and the first sheet, for content detection (call after assertSafeZip). */
export function peekXlsxText(bytes: Uint8Array): string {
  try {
    const files = unzipSync(bytes, {
      filter: (f) => f.name === 'xl/sharedStrings.xml' || f.name === 'xl/worksheets/sheet1.xml',
    });
    const dec = new TextDecoder();
    return Object.values(files)
      .map((f) => dec.decode(f))
      .join('\n');
  } catch {
    return refuse('corrupt', tx('refuse.xlsxCorrupt'));
  }
}
