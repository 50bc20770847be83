/**
 * Register column widths from their content, so that an amount, a date or an ISIN never breaks across lines
 * and a header word is cut only when the page cannot hold it (issue 17: "3 048 / 664,00" printed on two lines
 * read as two figures).
 *
 * Per column, from every cell and the header (widths measured at the table's font size):
 * - `hard`: what must fit on one line: whole right-aligned cells (amounts, quantities) and words of up to
 *   HARD_WORD characters (dates, ISINs, codes, currency);
 * - `soft`: what should fit: longer words and header words (up to SOFT_CAP points each);
 * - `want`: the widest whole cell (up to WANT_CAP points): free space goes where text would otherwise wrap.
 * A wide table prints smaller: until its words fit whole (down to SOFT_SCALE of the size), and further only
 * when its amounts would not fit (down to MIN_SCALE).
 */

const HARD_WORD = 16;
const SOFT_CAP = 80;
const WANT_CAP = 220;
const MIN_SCALE = 5 / 7;
const SOFT_SCALE = 6 / 7;

export interface ColumnNeeds {
  hard: number;
  soft: number;
  want: number;
}

export type Measure = (s: string, bold: boolean) => number;

/** Collects the needs of each column while the rows are read (`add` per row, header once). */
export class ColumnSurvey {
  readonly needs: ColumnNeeds[];

  constructor(
    private readonly measure: Measure,
    private readonly right: readonly boolean[],
    head: readonly string[],
  ) {
    this.needs = head.map(() => ({ hard: 0, soft: 0, want: 0 }));
    head.forEach((h, i) => {
      for (const word of h.split(/\s+/)) this.soft(i, measure(word, true));
    });
  }

  private soft(i: number, w: number) {
    const n = this.needs[i]!;
    n.soft = Math.max(n.soft, Math.min(w, SOFT_CAP));
  }

  add(cells: readonly string[]) {
    cells.forEach((cell, i) => {
      const n = this.needs[i];
      if (!n || !cell) return;
      const whole = this.measure(cell, false);
      n.want = Math.max(n.want, Math.min(whole, WANT_CAP));
      if (this.right[i]) {
        n.hard = Math.max(n.hard, whole);
        return;
      }
      // a cell narrower than what the column already keeps needs no word-by-word look
      if (whole <= n.hard) return;
      if (!/\s/.test(cell)) {
        if (cell.length <= HARD_WORD) n.hard = Math.max(n.hard, whole);
        else this.soft(i, whole);
        return;
      }
      for (const word of cell.split(/\s+/)) {
        const w = this.measure(word, false);
        if (word.length <= HARD_WORD) n.hard = Math.max(n.hard, w);
        else this.soft(i, w);
      }
    });
  }
}

/**
 * Widths that add up to `total`, and the scale of the font (1 when the hard minimums fit). `pad` is the
 * horizontal padding of a cell (both sides together).
 */
export function fitColumns(
  needs: readonly ColumnNeeds[],
  total: number,
  pad: number,
): { widths: number[]; scale: number } {
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  const room = total - pad * needs.length;
  // the font shrinks until whole words fit (not below SOFT_SCALE), and further only for amounts (MIN_SCALE)
  const hardAt1 = sum(needs.map((n) => n.hard));
  const softAt1 = sum(needs.map((n) => Math.max(n.hard, n.soft)));
  const scale = Math.min(
    1,
    Math.max(SOFT_SCALE, room / softAt1),
    Math.max(MIN_SCALE, hardAt1 > room ? room / hardAt1 : 1),
  );
  const hard = needs.map((n) => n.hard * scale + pad);
  const soft = needs.map((n, i) => Math.max(hard[i]!, n.soft * scale + pad));
  const want = needs.map((n, i) => Math.max(soft[i]!, n.want * scale + pad));
  let widths: number[];
  const [h, s] = [sum(hard), sum(soft)];
  if (h >= total) widths = hard.map((w) => (w * total) / h);
  else if (s > total) widths = hard.map((w, i) => w + ((soft[i]! - w) * (total - h)) / (s - h));
  else {
    // free space goes to the columns whose text would wrap, in proportion to what they lack
    const extra = total - s;
    const lack = want.map((w, i) => w - soft[i]!);
    const r = sum(lack);
    if (r > 0 && r >= extra) widths = soft.map((w, i) => w + (lack[i]! * extra) / r);
    else {
      // every cell fits whole: what is left is shared in proportion to the widths
      const w = sum(want);
      widths = want.map((x) => (x * total) / w);
    }
  }
  return { widths, scale };
}
