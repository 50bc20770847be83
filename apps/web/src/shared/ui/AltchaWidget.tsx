import 'altcha';
import { useEffect, useRef } from 'react';

/** Russian texts of the widget (its `strings` attribute). */
const STRINGS = JSON.stringify({
  ariaLinkLabel: 'Перейти на Altcha.org',
  error: 'Проверка не удалась. Попробуйте еще раз.',
  expired: 'Срок проверки истек. Пройдите ее снова.',
  verificationRequired: 'Подтвердите, что вы не робот',
  footer: '',
  label: 'Я не робот',
  loading: 'Загрузка...',
  reload: 'Обновить',
  verify: 'Проверить',
  verified: 'Проверка пройдена',
  verifying: 'Идет проверка...',
  waitAlert: 'Идет проверка... Пожалуйста, подождите.',
});

/** The self-hosted proof-of-work captcha (ALTCHA v2 web component). */
export default function AltchaWidget({
  challengeUrl,
  onChange,
}: {
  challengeUrl: string;
  onChange: (payload: string | undefined) => void;
}) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const on = (ev: Event) => {
      const detail = (ev as CustomEvent<{ state: string; payload?: string }>).detail;
      onChange(detail.state === 'verified' ? detail.payload : undefined);
    };
    el.addEventListener('statechange', on);
    return () => el.removeEventListener('statechange', on);
  }, [onChange]);
  return (
    <altcha-widget
      ref={ref}
      challengeurl={challengeUrl}
      strings={STRINGS}
      hidefooter
      hidelogo
      auto="onfocus"
      style={{ '--altcha-max-width': '100%' }}
    />
  );
}
