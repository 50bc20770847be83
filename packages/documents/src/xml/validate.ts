import { readFile } from 'node:fs/promises';
import { FORM_CODES, type ReportingFormId } from '@deklarant/contracts';
import { validateXML } from 'xmllint-wasm';
import type { CheckLanguage } from './check-texts.ts';
import { checkAgainstTemplate } from './template-check.ts';
import { checkValue } from './value-rules.ts';

export interface XmlValidation {
  valid: boolean;
  /** the checks' messages (Russian, or the language asked for) or xmllint's; empty when valid */
  errors: string[];
}

const XSD_DIR = new URL('../../xsd/', import.meta.url);
const cache = new Map<string, Promise<string>>();

/** Path-free access to the bundled XSD of a form, e.g. xsdFor(3) = fno-270.00.xsd text. */
export function xsdFor(form: ReportingFormId): Promise<string> {
  const code = FORM_CODES[form];
  let p = cache.get(code);
  if (!p) {
    p = readFile(new URL(`fno-${code}.xsd`, XSD_DIR), 'utf8');
    cache.set(code, p);
  }
  return p;
}

const FIELD = /<field name="([^"]*)"(?:\s*\/>|>([^<]*)<\/field>)/g;
const unescapeXml = (s: string) =>
  s.replace(
    /&(lt|gt|quot|apos|amp);/g,
    (_, e: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[e] ?? '',
  );

/**
 * Checks the XML against the form's XSD (xmllint-wasm), then the per-field value patterns, then the form
 * template (checkAgainstTemplate: mandatory fields, lengths/types, IIN control digits, kind and appendix
 * flags, no future dates). `today` is the moment of the check (default: now); `lang` the language of the
 * messages (default Russian; xmllint's own messages stay as xmllint writes them).
 */
export async function validateXml(
  xml: string,
  form: ReportingFormId,
  opts: { today?: Date } & CheckLanguage = {},
): Promise<XmlValidation> {
  const schema = await xsdFor(form);
  const res = await validateXML({
    xml: [{ fileName: 'declaration.xml', contents: xml }],
    schema: [schema],
    maxMemoryPages: 16384, // 1 GiB ceiling for very large declarations
  });
  const errors = res.errors.map((e) => e.message || e.rawMessage);
  if (res.valid) {
    for (const m of xml.matchAll(FIELD)) {
      const err = checkValue(m[1] ?? '', unescapeXml(m[2] ?? ''), opts);
      if (err) errors.push(err);
      if (errors.length >= 100) break;
    }
    if (!errors.length)
      errors.push(...checkAgainstTemplate(xml, { ...opts, today: opts.today ?? new Date() }).slice(0, 100));
  }
  return { valid: errors.length === 0, errors };
}
