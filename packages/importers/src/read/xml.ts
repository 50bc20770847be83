import { XMLParser } from 'fast-xml-parser';
import { refuse } from '../errors.ts';
import { tx } from '../texts.ts';

/**
 * Refuses any DOCTYPE or ENTITY declaration before a parser sees the text: that closes external
 * entities (XXE) and entity expansion (billion laughs) without relying on parser settings.
 */
export function assertSafeXml(xml: string): void {
  if (/<!DOCTYPE/i.test(xml) || /<!ENTITY/i.test(xml)) {
    refuse('unsafe_xml', tx('refuse.xmlUnsafe'));
  }
}

/** Name of the first element, skipping the declaration, comments and processing instructions. */
export function xmlRootName(xml: string): string | null {
  const m = /^\s*(?:<\?[\s\S]*?\?>\s*|<!--[\s\S]*?-->\s*)*<([A-Za-z_][\w.-]*)/.exec(xml.slice(0, 4096));
  return m ? m[1]! : null;
}

/**
 * Whole-tree parse for small XML reports (Freedom Finance). Interactive Brokers Flex reports, which can
 * hold 50,000 trades, are read in one streaming pass by `xml-scan.ts` instead.
 */
export function parseXml(xml: string, arrayTags: readonly string[]): Record<string, unknown> {
  assertSafeXml(xml);
  const root = xmlRootName(xml);
  if (!root || !new RegExp(`</${root}>\\s*$`).test(xml.slice(-512))) {
    refuse('truncated', tx('refuse.xmlTruncated'));
  }
  const broken = unbalancedTag(xml);
  if (broken) {
    refuse('corrupt', tx('refuse.xmlCorrupt', { reason: broken }));
  }
  const tags = new Set(arrayTags);
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    parseAttributeValue: false,
    parseTagValue: false,
    trimValues: true,
    processEntities: true,
    htmlEntities: false,
    isArray: (name) => tags.has(name),
  });
  try {
    // the parser itself throws on mismatched or unclosed tags, so no separate validation pass is needed
    return parser.parse(xml) as Record<string, unknown>;
  } catch (e) {
    const reason = e instanceof Error ? e.message : String(e);
    return refuse('corrupt', tx('refuse.xmlUnreadable', { reason }));
  }
}

// each alternative starts with a different character and none crosses a '<': linear, no backtracking blow-up
const TAG = /<(\/?)([A-Za-z_][\w.:-]*)(?:[^'"/<>]|"[^"<]*"|'[^'<]*'|\/(?!>))*(\/?)>/g;

/**
 * Tag balance in one regex pass (fast-xml-parser is lenient about mismatched closing tags, and a full
 * XMLValidator pass doubles the parse time of a 50,000-trade file). Returns a Russian reason or null.
 */
function unbalancedTag(xml: string): string | null {
  const stack: string[] = [];
  const body = xml.replace(/<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>/g, '');
  for (const m of body.matchAll(TAG)) {
    const [, close, name, self] = m;
    if (self) continue;
    if (!close) stack.push(name!);
    else if (stack.pop() !== name) return tx('xml.unexpectedClosingTag', { tag: name! });
  }
  return stack.length ? tx('xml.tagNotClosed', { tag: stack[stack.length - 1]! }) : null;
}
