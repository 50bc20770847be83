import ru from '@deklarant/i18n/locales/ru/onboarding.json';
import { describe, expect, it } from 'vitest';
import { clampSlide, nextCyclic, ONBOARDING_STEPS, SLIDES, swipeStep } from './slides.ts';

describe('onboarding slides', () => {
  it('has the 5 onboarding slides', () => {
    expect(ONBOARDING_STEPS).toBe(5);
    expect(SLIDES.map((s) => ru.slides[s].title)).toEqual([
      'Добро пожаловать в Декларант',
      'Выберите форму, год и тип декларации',
      'Получите данные из банка или загрузите отчет брокера',
      'Проверьте или отредактируйте данные',
      'Подпишите и отправьте онлайн',
    ]);
  });
  it('reads a swipe: left is next, right is back, short or vertical moves are nothing', () => {
    expect(swipeStep(-80)).toBe(1);
    expect(swipeStep(80)).toBe(-1);
    expect(swipeStep(-20)).toBe(0);
    expect(swipeStep(-60, 120)).toBe(0);
  });
  it('keeps mobile within the slides and cycles on desktop', () => {
    expect(clampSlide(-1)).toBe(0);
    expect(clampSlide(5)).toBe(4);
    expect(nextCyclic(3)).toBe(4);
    expect(nextCyclic(4)).toBe(0);
  });
});
