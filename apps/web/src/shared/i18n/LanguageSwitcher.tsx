import { LANGUAGE_SHORT, LANGUAGES, type Language } from '@deklarant/i18n';
import { Button, Group } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client.ts';
import { session } from '../session/storage.ts';
import { changeLanguage, currentLanguage } from './i18n.ts';

/** РУС · ҚАЗ · ENG: in the header and on the auth screens; a signed-in person's choice goes to the profile. */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation('common');
  const onChange = (lng: Language) => {
    void changeLanguage(lng);
    if (session.token()) void api.put('/api/account/language', { language: lng }).catch(() => undefined);
  };
  const active = i18n.language ?? currentLanguage();
  // plain buttons, not SegmentedControl: the switcher is on the login page, whose JavaScript has a budget
  return (
    <Group gap={2} role="group" aria-label={t('language.label')} data-testid="language-switcher" wrap="nowrap">
      {LANGUAGES.map((lng) => (
        <Button
          key={lng}
          size="compact-xs"
          variant={lng === active ? 'filled' : 'subtle'}
          aria-pressed={lng === active}
          lang={lng}
          onClick={() => onChange(lng)}
        >
          {LANGUAGE_SHORT[lng]}
        </Button>
      ))}
    </Group>
  );
}

/**
 * The profile's language wins on a new device; a person who never chose keeps what this browser shows, and
 * that becomes their profile's language (letters follow it).
 */
export function useProfileLanguage(profile: { language: Language | null } | undefined) {
  const saved = profile?.language;
  const known = !!profile;
  useEffect(() => {
    if (!known) return;
    if (saved) {
      if (saved !== currentLanguage()) void changeLanguage(saved);
    } else if (session.token())
      void api.put('/api/account/language', { language: currentLanguage() }).catch(() => undefined);
  }, [known, saved]);
}
