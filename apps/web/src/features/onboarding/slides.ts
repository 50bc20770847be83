/** The 5 onboarding slides of docs/accounts.md, and the pure rules of the slide show. */
export interface Slide {
  title: string;
  text: string;
}

export const SLIDES: readonly Slide[] = [
  {
    title: 'Добро пожаловать в Декларант',
    text: 'Подготовим налоговую декларацию по ценным бумагам, цифровым активам и имуществу за рубежом — онлайн и без визита в налоговую.',
  },
  {
    title: 'Выберите форму, год и тип декларации',
    text: 'Формы 270.00, 250.00 и 240.00 за периоды с 2021 года. Укажите отчетный год и тип декларации — например, очередная.',
  },
  {
    title: 'Получите данные из банка или загрузите отчет брокера',
    text: 'Данные о сделках придут из банка автоматически, или загрузите отчет брокера в Excel, csv или xml. Сделки можно внести и вручную.',
  },
  {
    title: 'Проверьте или отредактируйте данные',
    text: 'Мы суммируем доходы по разделам и рассчитаем ИПН. Любую сделку можно исправить перед отправкой.',
  },
  {
    title: 'Подпишите и отправьте онлайн',
    text: 'Оплатите тариф, подпишите декларацию и отправьте ее в налоговую, не выходя из дома.',
  },
];

export const ONBOARDING_STEPS = SLIDES.length;
/** docs/accounts.md: a desktop slide stays 10 s. */
export const DESKTOP_SLIDE_MS = 10_000;
/** A horizontal move of at least this many pixels is a swipe. */
export const SWIPE_THRESHOLD = 50;

/** +1 (next) for a swipe to the left, -1 (back) to the right, 0 for a tap or a mostly vertical move. */
export function swipeStep(dx: number, dy = 0, threshold = SWIPE_THRESHOLD): -1 | 0 | 1 {
  if (Math.abs(dx) < threshold || Math.abs(dy) > Math.abs(dx)) return 0;
  return dx < 0 ? 1 : -1;
}

/** Index after a move, kept within the slides (mobile: no wrap). */
export const clampSlide = (i: number, n = ONBOARDING_STEPS) => Math.min(n - 1, Math.max(0, i));
/** Desktop cycles back to slide 1 after the last one. */
export const nextCyclic = (i: number, n = ONBOARDING_STEPS) => (i + 1) % n;

export const ONBOARDING_SEEN_KEY = 'onboarding_seen';
export const onboardingSeen = () => localStorage.getItem(ONBOARDING_SEEN_KEY) === '1';
export const markOnboardingSeen = () => localStorage.setItem(ONBOARDING_SEEN_KEY, '1');
