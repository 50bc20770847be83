import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { readTemplateFile } from '../src/template/load.ts';
import type { FormTemplate } from '../src/template/model.ts';

/**
 * KGD's real 910.00 template (version 27, revision 133) from the shared research folder; never copied into the
 * repository. Unpacked with `tar xjf` into a temporary folder once per test file; null when it is absent.
 */
export const PACKAGE_910 = resolve(
  __dirname,
  '../../../../shared/research/fno-templates/910.00/form_910_00_v27_r133.tar.bz2',
);

function unpack910(): string | null {
  if (!existsSync(PACKAGE_910)) return null;
  const dir = mkdtempSync(join(tmpdir(), 'kgd-910-'));
  try {
    execFileSync('tar', ['xjf', PACKAGE_910, '-C', dir]);
  } catch {
    return null;
  }
  return join(dir, 'form_910_00_v27_r133.xml');
}

/** The unpacked template file, or null. */
export const file910 = unpack910();
/** The template read by our reader, or null. */
export const t910: FormTemplate | null = file910 ? readTemplateFile(file910) : null;
