import fc from 'fast-check';
import { XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { ImportRefusedError } from '../src/errors.ts';
import { scanXml, type XmlAttrs } from '../src/read/xml-scan.ts';
import { sample } from './helpers.ts';

interface Seen {
  opened: [string, XmlAttrs, number][];
  closed: string[];
  text: string[];
}

function scan(xml: string): Seen {
  const seen: Seen = { opened: [], closed: [], text: [] };
  scanXml(xml, {
    open: (name, attrs, depth) => seen.opened.push([name, attrs, depth]),
    close: (name) => seen.closed.push(name),
    text: (t) => seen.text.push(t),
  });
  return seen;
}

function refusal(xml: string): ImportRefusedError {
  try {
    scan(xml);
  } catch (e) {
    expect(e).toBeInstanceOf(ImportRefusedError);
    return e as ImportRefusedError;
  }
  throw new Error(`accepted: ${xml}`);
}

describe('streaming XML scanner', () => {
  it('reports elements in order with decoded, trimmed attributes', () => {
    const seen = scan(
      '<?xml version="1.0"?>\n<!-- c --><R a="1"><S b=\' x &amp; y \' c="&lt;&#38;&#x26;&quot;&apos;&gt;"/>' +
        '<T>  hello &amp; <![CDATA[<raw>]]></T><?pi data?></R>\n',
    );
    expect(seen.opened).toEqual([
      ['R', { a: '1' }, 0],
      ['S', { b: 'x & y', c: '<&&"\'>' }, 1],
      ['T', {}, 1],
    ]);
    expect(seen.closed).toEqual(['S', 'T', 'R']);
    expect(seen.text).toEqual(['hello &', '<raw>']);
  });

  it('gives each element its own attributes when records repeat or change their attribute lists', () => {
    const seen = scan('<R><t a="1" b="2"/><t a="3" b="4"/><t b="5"/><t b="6" a="7" c="8"/><t/><t a="9"/></R>');
    expect(seen.opened.slice(1).map(([, a]) => a)).toEqual([
      { a: '1', b: '2' },
      { a: '3', b: '4' },
      { b: '5' },
      { b: '6', a: '7', c: '8' },
      {},
      { a: '9' },
    ]);
  });

  it.each([
    ['<R><a></b></R>', /неожиданный закрывающий тег <\/b>/],
    ['<R><a></R>', /неожиданный закрывающий тег <\/R>/],
    ['<R>text</R><R></R>', /второй корневой элемент/],
    ['<R/>junk<!-- --></R>', /неожиданный закрывающий тег|текст вне корневого элемента/],
    ['<R a="1" a="2"></R>', /атрибут «a» повторяется/],
    ['<R><t a="1"/><t a="1" a="2"/></R>', /атрибут «a» повторяется/],
    ['<R a="x<y"></R>', /символ «<» в значении атрибута/],
    ['<R a=1></R>', /не в кавычках/],
    ['<R a></R>', /нет значения/],
    ['<R a="1"b="2"></R>', /ошибка в теге/],
    ['<R a="1></R>', /ошибка|не закрыто значение/],
    ['<R>&nbsp;</R>', /неизвестная ссылка «&nbsp;»/],
    ['<R a="&constructor;"></R>', /неизвестная ссылка/],
    ['<R a="&#0;"></R>', /неизвестная ссылка/],
    ['<R a="&#x110000;"></R>', /неизвестная ссылка/],
    ['<R a="AT&T"></R>', /неизвестная ссылка/],
    ['<R __proto__="1"></R>', /недопустимое имя атрибута/],
    ['<R><t constructor="1"/></R>', /недопустимое имя атрибута/],
    ['<R><!ELEMENT x ANY></R>', /не поддерживается/],
    ['<R><!-- a -- b --></R>', /«--» внутри комментария/],
    ['<R><!-- open</R>', /не закрыт комментарий/],
    ['<R>a ]]> b</R>', /]]>/],
    ['<R>< a/></R>', /ожидалось имя тега/],
    ['<R></ R></R>', /ошибка в закрывающем теге/],
    ['<R> <?xml version="1.0"?></R>', /не в начале файла/],
  ])('refuses %s as corrupt', (xml, message) => {
    const e = refusal(xml);
    expect(e.code).toBe('corrupt');
    expect(e.message).toMatch(/^Файл XML поврежден: /);
    expect(e.message).toMatch(message);
  });

  it('refuses DOCTYPE and ENTITY anywhere, and a missing closing root tag, before reading', () => {
    expect(refusal('<R><!DOCTYPE x></R>').code).toBe('unsafe_xml');
    expect(refusal('<R a="<!ENTITY"></R>').code).toBe('unsafe_xml');
    expect(refusal('<R><a/>').code).toBe('truncated');
    expect(refusal('<R><a x="1"/></R><').code).toBe('truncated');
  });

  it('names the line of a syntax error', () => {
    expect(refusal('<R>\n<a/>\n<b x=1/>\n</R>').message).toMatch(/строка 3:/);
  });

  it('stays linear on pathological input', () => {
    for (const xml of [
      `<R>${'<a "'.repeat(1_000_000)}</R>`,
      `<R a="${'&'.repeat(1_000_000)}"></R>`,
      `<R>${'<a b="&amp;&#65;&lt;"/>'.repeat(200_000)}</R>`,
      `<R>${'<!--'.repeat(500_000)}</R>`,
      `<R>${'<a>'.repeat(300_000)}</R>`,
      `<R>${Array.from({ length: 100_000 }, (_, i) => `<e${i} a="1"/>`).join('')}</R>`,
    ]) {
      const t0 = performance.now();
      try {
        scan(xml);
      } catch (e) {
        expect(e).toBeInstanceOf(ImportRefusedError);
      }
      // linear work takes tens of milliseconds; the bound only catches super-linear blow-ups
      expect(performance.now() - t0).toBeLessThan(10_000);
    }
  });

  it('never accepts a damaged Flex report that an XML validator rejects, and fails only by refusing', () => {
    const xml = new TextDecoder().decode(sample('ib-flex.xml'));
    const markup = fc.constantFrom('<', '>', '/', '"', "'", '&', ';', '=', '!', '?', '-', '[', ']', ' ', 'a', '#');
    const edit = fc.record({ at: fc.nat({ max: xml.length - 1 }), cut: fc.nat({ max: 3 }), put: fc.array(markup) });
    fc.assert(
      fc.property(fc.array(edit, { minLength: 1, maxLength: 3 }), (edits) => {
        let damaged = xml;
        for (const { at, cut, put } of edits) damaged = damaged.slice(0, at) + put.join('') + damaged.slice(at + cut);
        try {
          scan(damaged);
        } catch (e) {
          if (!(e instanceof ImportRefusedError)) throw e;
          return;
        }
        expect(XMLValidator.validate(damaged)).toBe(true);
      }),
      { numRuns: 1000, seed: 8 },
    );
  });
});
