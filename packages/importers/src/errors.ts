import { tx } from './texts.ts';
/** The whole file is refused: no deals are returned, the message is shown to the user as is. */
export type RefusalCode =
  | 'empty'
  | 'too_large'
  | 'unknown_format'
  | 'unsafe_xml'
  | 'zip_bomb'
  | 'encoding'
  | 'truncated'
  | 'columns'
  | 'corrupt';

export class ImportRefusedError extends Error {
  readonly code: RefusalCode;
  constructor(code: RefusalCode, message: string) {
    super(message);
    this.name = 'ImportRefusedError';
    this.code = code;
  }
}

export const refuse = (code: RefusalCode, message: string): never => {
  throw new ImportRefusedError(code, message);
};

/** Russian wording for a row reference: «Строка 14», or the report's own label («Trade №3 (U123)»). */
export const rowLabel = (row: number | string) => (typeof row === 'number' ? tx('row.label', { row }) : row);
