import iconv from 'iconv-lite';
import { refuse } from '../errors.ts';
import { tx } from '../texts.ts';

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Decodes a text report: UTF-8 (with or without BOM), UTF-16 with BOM, or Windows-1251 (what
 * Russian-locale Excel writes for CSV). Anything else is refused rather than read as garbage.
 */
export function decodeText(bytes: Uint8Array): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return utf8Strict(bytes.subarray(3));
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  if (bytes.subarray(0, 4096).includes(0)) {
    refuse('encoding', tx('refuse.binary'));
  }
  try {
    return utf8.decode(bytes);
  } catch {
    if (looksLikeCp1251(bytes))
      return iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length), 'win1251');
    return refuse('encoding', tx('refuse.encoding'));
  }
}

function utf8Strict(bytes: Uint8Array): string {
  try {
    return utf8.decode(bytes);
  } catch {
    return refuse('encoding', tx('refuse.badUtf8'));
  }
}

/** Cyrillic in cp1251 is 0xC0-0xFF (plus Ёё 0xA8/0xB8); most high bytes must fall there. */
function looksLikeCp1251(bytes: Uint8Array): boolean {
  let high = 0;
  let cyr = 0;
  const n = Math.min(bytes.length, 65536);
  for (let i = 0; i < n; i++) {
    const b = bytes[i]!;
    if (b < 0x80) continue;
    high++;
    if (b >= 0xc0 || b === 0xa8 || b === 0xb8 || b === 0xb9) cyr++;
  }
  return high > 0 && cyr / high >= 0.8;
}
