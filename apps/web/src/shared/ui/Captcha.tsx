import { Box, Input, Loader, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client.ts';
import { currentLanguage, i18next } from '../i18n/index.ts';

export interface CaptchaConfig {
  provider: 'altcha' | 'recaptcha' | 'off';
  siteKey?: string;
  challengeUrl?: string;
}

/** docs/accounts.md: the captcha appears 600 ms after the form. */
export const CAPTCHA_DELAY_MS = 600;

export const useCaptchaConfig = () =>
  useQuery({
    queryKey: ['captcha-config'],
    queryFn: ({ signal }) => api.get<CaptchaConfig>('/api/captcha/config', undefined, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The widget is a web component from the `altcha` package: loaded only when a form shows it. */
const AltchaWidget = lazy(() => import('./AltchaWidget.tsx'));

/**
 * Captcha state for a form: the solution goes in the `captcha` field of the body.
 * A solution is single use: call `reset()` after every failed attempt for a fresh one.
 */
export function useCaptcha() {
  const config = useCaptchaConfig();
  const [value, setValue] = useState<string | undefined>();
  const [key, setKey] = useState(0);
  const [error, setError] = useState<string | undefined>();
  const reset = useCallback(() => {
    setValue(undefined);
    setKey((k) => k + 1);
  }, []);
  const onChange = useCallback((v: string | undefined) => {
    setValue(v);
    if (v) setError(undefined);
  }, []);
  const required = config.data?.provider === 'altcha' || config.data?.provider === 'recaptcha';
  /** False (and shows the message) when a solution is needed and missing. */
  const check = () => {
    if (required && !value) {
      setError(i18next.t('common:captcha.required'));
      return false;
    }
    return true;
  };
  return { value, required, reset, check, error, setError, key, onChange, config: config.data };
}
export type CaptchaState = ReturnType<typeof useCaptcha>;

/** Renders the configured captcha: ALTCHA (default), reCAPTCHA (when keys are set) or nothing (off). */
export function Captcha({ state }: { state: CaptchaState }) {
  return <CaptchaInner key={state.key} config={state.config} onChange={state.onChange} error={state.error} />;
}

function CaptchaInner({
  config,
  onChange,
  error,
}: {
  config: CaptchaConfig | undefined;
  onChange: (v: string | undefined) => void;
  error?: string;
}) {
  const { t } = useTranslation('common');
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), CAPTCHA_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!config || config.provider === 'off') return null;
  return (
    <Input.Wrapper label={t('captcha.label')} error={error} data-testid="captcha">
      <Box mih={72} mt={4}>
        {!shown ? (
          <Loader size="sm" aria-label={t('captcha.loading')} />
        ) : config.provider === 'altcha' ? (
          <Suspense fallback={<Loader size="sm" aria-label={t('captcha.loading')} />}>
            <AltchaWidget challengeUrl={config.challengeUrl ?? '/api/captcha/challenge'} onChange={onChange} />
          </Suspense>
        ) : config.siteKey ? (
          <Recaptcha siteKey={config.siteKey} onChange={onChange} />
        ) : (
          <Text c="red" size="sm">
            {t('captcha.recaptchaNotConfigured')}
          </Text>
        )}
      </Box>
    </Input.Wrapper>
  );
}

interface Grecaptcha {
  render(el: HTMLElement, opts: Record<string, unknown>): number;
}
declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
    __deklarantRecaptchaReady?: () => void;
  }
}

let recaptchaScript: Promise<Grecaptcha> | undefined;
/** Google's script, loaded once and only when reCAPTCHA is configured. */
function loadRecaptcha(): Promise<Grecaptcha> {
  recaptchaScript ??= new Promise((resolve, reject) => {
    window.__deklarantRecaptchaReady = () => (window.grecaptcha ? resolve(window.grecaptcha) : reject());
    const s = document.createElement('script');
    s.src = `https://www.google.com/recaptcha/api.js?render=explicit&hl=${currentLanguage()}&onload=__deklarantRecaptchaReady`;
    s.async = true;
    s.onerror = () => {
      recaptchaScript = undefined;
      reject(new Error('recaptcha'));
    };
    document.head.appendChild(s);
  });
  return recaptchaScript;
}

function Recaptcha({ siteKey, onChange }: { siteKey: string; onChange: (v: string | undefined) => void }) {
  const { t } = useTranslation('common');
  const ref = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let alive = true;
    loadRecaptcha()
      .then((g) => {
        if (!alive || !ref.current) return;
        g.render(ref.current, {
          sitekey: siteKey,
          hl: currentLanguage(),
          callback: (token: string) => onChange(token),
          'expired-callback': () => onChange(undefined),
          'error-callback': () => onChange(undefined),
        });
      })
      .catch(() => alive && setFailed(true));
    return () => {
      alive = false;
    };
  }, [siteKey, onChange]);
  if (failed)
    return (
      <Text c="red" size="sm">
        {t('captcha.recaptchaFailed')}
      </Text>
    );
  return <div ref={ref} />;
}
