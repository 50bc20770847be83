/**
 * A small, strict XML reader for KGD's template files: elements, attributes, text (entities decoded),
 * comments and declarations skipped. fast-xml-parser took 140–500 ms for one 300 KB template; the
 * templates use no DTDs or namespaces, so a single tokenizing pass is enough. Refuses malformed input.
 */
export interface XmlElement {
  tag: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  text: string;
}

export class XmlSyntaxError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
  }
}

const TOKEN =
  /<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<!\[CDATA\[([\s\S]*?)\]\]>|<!DOCTYPE[^>]*>|<(\/?)([A-Za-z_][\w:.-]*)((?:\s+[\w:.-]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>|([^<]+)/y;
const ATTR = /([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
const ENTITY = /&(lt|gt|quot|apos|amp|#\d+|#x[0-9a-fA-F]+);/g;
const NAMED: Record<string, string> = { lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' };

export const decodeEntities = (s: string) =>
  s.includes('&')
    ? s.replace(ENTITY, (_, e: string) =>
        e[0] === '#'
          ? String.fromCodePoint(e[1] === 'x' ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1)))
          : (NAMED[e] ?? ''),
      )
    : s;

const lineAt = (xml: string, pos: number) => xml.slice(0, pos).split('\n').length;

/** The root element; throws XmlSyntaxError (with the line) on anything malformed. */
export function parseXmlTree(xml: string): XmlElement {
  const root: XmlElement = { tag: '#document', attrs: {}, children: [], text: '' };
  const stack: XmlElement[] = [root];
  TOKEN.lastIndex = 0;
  let pos = 0;
  while (pos < xml.length) {
    TOKEN.lastIndex = pos;
    const m = TOKEN.exec(xml);
    if (!m) throw new XmlSyntaxError(lineAt(xml, pos), 'неразборчивая разметка');
    pos = TOKEN.lastIndex;
    const top = stack[stack.length - 1]!;
    const [, cdata, close, tag, attrText, self, text] = m;
    if (text !== undefined) {
      if (top === root) {
        if (text.trim()) throw new XmlSyntaxError(lineAt(xml, m.index), 'текст вне корневого элемента');
      } else top.text += decodeEntities(text);
    } else if (cdata !== undefined) {
      top.text += cdata;
    } else if (tag) {
      if (close) {
        if (top.tag !== tag) {
          throw new XmlSyntaxError(lineAt(xml, m.index), `закрывающий тег </${tag}> не соответствует <${top.tag}>`);
        }
        stack.pop();
        continue;
      }
      const attrs: Record<string, string> = {};
      for (const a of (attrText ?? '').matchAll(ATTR)) attrs[a[1] ?? ''] = decodeEntities(a[2] ?? a[3] ?? '');
      const el: XmlElement = { tag, attrs, children: [], text: '' };
      if (top === root && root.children.length)
        throw new XmlSyntaxError(lineAt(xml, m.index), 'второй корневой элемент');
      top.children.push(el);
      if (!self) stack.push(el);
    }
  }
  if (stack.length > 1) throw new XmlSyntaxError(lineAt(xml, xml.length), `не закрыт элемент <${stack.at(-1)?.tag}>`);
  const doc = root.children[0];
  if (!doc) throw new XmlSyntaxError(1, 'пустой файл');
  return doc;
}
