type T = (key: string, params?: Record<string, unknown>) => string;

// "НК-2018 ст. 331 п.1 пп.8, ст. 332 (в ред. Закона от 15.07.2025)": the engine's citation form
const CODE = /^НК-(\d{4})/;
const PART = /^(,)? ?(?:ст\. (\d+(?:, \d+)+)|ст\. (\d+)|п\.(\d+)|пп\.(\d+)|\(([^)]+)\))/;

/**
 * A Tax Code citation as the engine writes it in Russian, in another language: the code, article, paragraph
 * and sub-paragraph words from the `engine` catalogue (citation.*), the numbers kept, a note in brackets looked
 * up as a Russian text (`note`). Undefined when the text is not a citation or has a part this does not know
 * (it is then shown as written).
 */
export function translateCitation(text: string, t: T, note: (russian: string) => string | undefined) {
  const code = CODE.exec(text);
  if (!code) return undefined;
  const out = [t('engine:citation.code', { year: code[1] })];
  let rest = text.slice(code[0].length);
  while (rest) {
    const m = PART.exec(rest);
    if (!m) return undefined;
    const [whole, comma, list, article, paragraph, subparagraph, bracket] = m;
    let part: string | undefined;
    if (list) part = t('engine:citation.articles', { list });
    else if (article) part = t('engine:citation.article', { n: article });
    else if (paragraph) part = t('engine:citation.paragraph', { n: paragraph });
    else if (subparagraph) part = t('engine:citation.subparagraph', { n: subparagraph });
    else if (bracket) {
      const translated = note(bracket);
      if (translated === undefined) return undefined;
      part = `(${translated})`;
    }
    out.push(`${comma ?? ''} ${part}`);
    rest = rest.slice(whole.length);
  }
  return out.join('');
}
