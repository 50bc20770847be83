import { MSG } from '@deklarant/contracts';
import { ACCEPTED_FORMATS, detectFormat, ImportRefusedError, parseReport } from '@deklarant/importers';
import { brokerMismatch } from './broker-match.ts';

export interface UploadFile {
  bytes: Buffer;
  filename: string;
}

export const MAX_UPLOAD_MB = 5;
export const MAX_UPLOAD_BYTES = MAX_UPLOAD_MB * 1024 * 1024;

export type FileKind = 'xlsx' | 'xls' | 'xml' | 'json' | 'csv';

const kindOfFormat = (format: string): FileKind =>
  format.endsWith('_xlsx')
    ? 'xlsx'
    : format.endsWith('_xls')
      ? 'xls'
      : format.endsWith('_xml')
        ? 'xml'
        : format.endsWith('_json')
          ? 'json'
          : 'csv';

export const contentTypeOf = (kind: FileKind) =>
  ({
    xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    xls: 'application/vnd.ms-excel',
    xml: 'application/xml',
    json: 'application/json',
    csv: 'text/csv',
  })[kind];

/**
 * The checks made before anything is stored, by content only (never by the name): size, empty file,
 * zip bombs, XML with a DTD or entities, unknown layouts. Files the detector recognises are parsed in
 * the background job; files it cannot place are parsed now so a refusal is answered at once.
 */
export async function checkUpload(
  bytes: Buffer,
  brokerHint: string | null,
): Promise<{ ok: true; kind: FileKind } | { ok: false; message: string }> {
  if (bytes.length > MAX_UPLOAD_BYTES) return { ok: false, message: MSG.fileTooLarge(MAX_UPLOAD_MB) };
  try {
    const detected = detectFormat(bytes, undefined, { maxBytes: MAX_UPLOAD_BYTES });
    const other = detected ? brokerMismatch(brokerHint, detected) : null;
    if (other) return { ok: false, message: other };
    if (detected) return { ok: true, kind: kindOfFormat(detected.format) };
    const r = await parseReport(bytes, { maxBytes: MAX_UPLOAD_BYTES, ...(brokerHint ? { brokerHint } : {}) });
    return { ok: true, kind: kindOfFormat(r.format) };
  } catch (e) {
    if (e instanceof ImportRefusedError) return { ok: false, message: e.message };
    return { ok: false, message: MSG.wrongFormat(ACCEPTED_FORMATS) };
  }
}

/**
 * The client's file name, kept only to show it back: no path, no control characters, bounded.
 * It is never used as a storage key or a path.
 */
export function safeFilename(raw: string | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  const clean = base
    // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
    .replace(/[\u0000-\u001f\u007f<>:"|?*]/g, '')
    .replace(/^\.+/, '')
    .trim()
    .slice(0, 200);
  return clean || 'report';
}
