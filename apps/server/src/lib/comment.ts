/** The deal form's limit for a comment (SPEC: a text field holds at most 255 characters). */
export const COMMENT_MAX = 255;

/** Text within `max` characters: whole sentences where one ends late enough, else cut with an ellipsis. */
export function cut(text: string | null, max = COMMENT_MAX): string | null {
  if (!text || text.length <= max) return text;
  const head = text.slice(0, max - 1);
  // a sentence ends where a capital follows ("шт. 10" or "г., " are not ends)
  const ends = [...head.matchAll(/[.!?](?= [А-ЯЁA-Z«])/g)].map((m) => m.index);
  const end = ends.length ? ends[ends.length - 1]! : -1;
  return end > max / 2 ? head.slice(0, end + 1) : `${head.trimEnd()}…`;
}

/**
 * A reason a deal waits, put before its comment: the reason stays whole, the comment's last sentences give way
 * to the form's limit.
 */
export const withReason = (reason: string, comment: string | null): string =>
  cut([reason, comment?.trim()].filter(Boolean).join(' ')) ?? reason;

/** Sentences: a stop followed by a capital or a quote starts the next one ("шт. 10" does not). */
const SENTENCE_END = /(?<=[.!?])\s+(?=[А-ЯЁA-Z«])/;
/** A sentence that asks the person for something the deal lacks («укажите стоимость …»). */
const REQUEST = /укажите/i;

/**
 * A waiting deal's comment once the person has answered it in the deal form: the sentences that asked for
 * the missing facts go (they would print beside the figures given), the explanation stays.
 */
export function withoutRequests(comment: string | null): string | null {
  if (!comment) return comment;
  const kept = comment.split(SENTENCE_END).filter((sentence) => !REQUEST.test(sentence));
  return kept.length ? kept.join(' ') : null;
}
