/**
 * Building Exante files in tests, as Exante writes them. The column names are written out here, not taken from
 * the parser: a renamed column in the parser must fail these tests.
 */

/** UTF-16LE with a BOM: the Exante download */
export const utf16 = (s: string) => {
  const bytes = new Uint8Array(2 + s.length * 2);
  bytes[0] = 0xff;
  bytes[1] = 0xfe;
  for (let i = 0; i < s.length; i++) {
    bytes[2 + i * 2] = s.charCodeAt(i) & 0xff;
    bytes[3 + i * 2] = s.charCodeAt(i) >> 8;
  }
  return bytes;
};

/** a tab-separated line with every cell quoted */
export const tsv = (...cells: string[]) => cells.map((c) => `"${c}"`).join('\t');

/** the header of the Transactions table */
export const TX_HEADER = tsv(
  'Transaction ID',
  'Account ID',
  'Symbol ID',
  'ISIN',
  'Operation type',
  'When',
  'Sum',
  'Asset',
  'EUR equivalent',
  'Comment',
  'UUID',
  'Parent UUID',
);
