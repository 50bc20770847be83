/**
 * The 5 onboarding slides of docs/accounts.md, and the pure rules of the slide show. A slide is its key in the
 * onboarding catalogue: `slides.<key>.title` and `slides.<key>.text`.
 */
export const SLIDES = ['welcome', 'form', 'data', 'check', 'sign'] as const;
export type Slide = (typeof SLIDES)[number];

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
