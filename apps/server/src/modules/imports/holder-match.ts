import { importerText } from '@deklarant/importers';

/**
 * Is a report someone else's? The report's account holder (Latin as brokers write it, or Cyrillic) against the
 * surname of the declaration's owner: both put in Latin letters and compared with a tolerance for the usual
 * spelling variants (Ж ZH/J, Х KH/H, Й Y/I, ЕВ EV/YEV). Names are personal data: never logged, never shown.
 */

const LATIN: Record<string, string> = {
  А: 'A',
  Б: 'B',
  В: 'V',
  Г: 'G',
  Д: 'D',
  Е: 'E',
  Ё: 'E',
  Ж: 'ZH',
  З: 'Z',
  И: 'I',
  Й: 'Y',
  К: 'K',
  Л: 'L',
  М: 'M',
  Н: 'N',
  О: 'O',
  П: 'P',
  Р: 'R',
  С: 'S',
  Т: 'T',
  У: 'U',
  Ф: 'F',
  Х: 'KH',
  Ц: 'TS',
  Ч: 'CH',
  Ш: 'SH',
  Щ: 'SHCH',
  Ъ: '',
  Ы: 'Y',
  Ь: '',
  Э: 'E',
  Ю: 'YU',
  Я: 'YA',
  Ә: 'A',
  Ғ: 'G',
  Қ: 'K',
  Ң: 'N',
  Ө: 'O',
  Ұ: 'U',
  Ү: 'U',
  Һ: 'H',
  І: 'I',
};

/** Upper-case Latin words of a name. */
export function latinWords(name: string): string[] {
  let out = '';
  for (const ch of name.toUpperCase()) out += LATIN[ch] ?? ch;
  return out.split(/[^A-Z]+/).filter((w) => w.length >= 2);
}

function distance(a: string, b: string): number {
  const prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0]!;
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const up = prev[j]!;
      prev[j] = Math.min(up + 1, prev[j - 1]! + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = up;
    }
  }
  return prev[b.length]!;
}

/** The Russian refusal when the report names a holder whose name does not contain the owner's surname. */
export function holderMismatch(holder: string | undefined, surname: string | null | undefined): string | null {
  const owner = latinWords(surname ?? '');
  const words = latinWords(holder ?? '');
  if (!owner.length || !words.length) return null;
  const same = owner.some((o) => words.some((w) => distance(o, w) <= Math.max(1, Math.floor(o.length / 4))));
  if (same) return null;
  return importerText('upload.holderMismatch');
}
