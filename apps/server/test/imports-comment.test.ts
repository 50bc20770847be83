import { describe, expect, it } from 'vitest';
import { COMMENT_MAX } from '../src/lib/comment.ts';
import { fitComment } from '../src/modules/imports/mapping.ts';

/** An imported deal's comment fits the deal form's 255 characters, so the deal saves as it was read. */
describe('the comment of an imported deal', () => {
  const rule = 'Правило 2025 года: слияние с выплатой денег — выбытие бумаг.';

  it('a short explanation and the server remarks are joined as they are', () => {
    expect(fitComment('Погашение облигации.', [rule])).toBe(`Погашение облигации. ${rule}`);
    expect(fitComment(null, [])).toBeNull();
  });

  it("a long one loses the broker's quoted description first, the remarks stay whole", () => {
    // an IB merger: 224 characters of explanation, 70 of which are the broker's own description
    const explanation =
      'Корпоративное действие: слияние с выплатой денег («ACQ(US0000000001) MERGED(Acquisition) FOR USD 50.00 PER SHARE (ACQ, ACQUIRED INC, US0000000001)»). Выбытие бумаг за деньги: доход = выплата − стоимость приобретения по FIFO.';
    const fitted = fitComment(explanation, [rule]);
    expect(fitted).toBe(
      `Корпоративное действие: слияние с выплатой денег. Выбытие бумаг за деньги: доход = выплата − стоимость приобретения по FIFO. ${rule}`,
    );
    expect(fitted!.length).toBeLessThanOrEqual(COMMENT_MAX);
  });

  it('still too long: whole sentences of the explanation are kept, then the remarks', () => {
    const sentence = 'Проверьте стоимость приобретения этих бумаг по документам брокера.';
    const fitted = fitComment([sentence, sentence, sentence, sentence].join(' '), [rule]);
    // sentences of 66 characters, the rule 60: three sentences (200) + a space + the rule = 261 > 255; two fit (193)
    expect(fitted).toBe(`${sentence} ${sentence} ${rule}`);
    expect(fitted!.length).toBeLessThanOrEqual(COMMENT_MAX);
  });
});
