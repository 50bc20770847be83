import 'altcha';
import type { TFunction } from 'i18next';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** The widget's texts (its `strings` attribute) in the active language. */
function widgetStrings(t: TFunction<'common'>): string {
  return JSON.stringify({
    ariaLinkLabel: t('captcha.widget.ariaLinkLabel'),
    error: t('captcha.widget.error'),
    expired: t('captcha.widget.expired'),
    verificationRequired: t('captcha.required'),
    footer: '',
    label: t('captcha.widget.label'),
    loading: t('captcha.widget.loading'),
    reload: t('captcha.widget.reload'),
    verify: t('captcha.widget.verify'),
    verified: t('captcha.widget.verified'),
    verifying: t('captcha.widget.verifying'),
    waitAlert: t('captcha.widget.waitAlert'),
  });
}

/** The self-hosted proof-of-work captcha (ALTCHA v2 web component). */
export default function AltchaWidget({
  challengeUrl,
  onChange,
}: {
  challengeUrl: string;
  onChange: (payload: string | undefined) => void;
}) {
  const { t } = useTranslation('common');
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
      strings={widgetStrings(t)}
      hidefooter
      hidelogo
      auto="onfocus"
      style={{ '--altcha-max-width': '100%' }}
    />
  );
}
