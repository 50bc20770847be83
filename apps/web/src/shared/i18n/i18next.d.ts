import 'i18next';
import type auth from '@deklarant/i18n/locales/ru/auth.json';
import type calculation from '@deklarant/i18n/locales/ru/calculation.json';
import type common from '@deklarant/i18n/locales/ru/common.json';
import type declarations from '@deklarant/i18n/locales/ru/declarations.json';
import type dev from '@deklarant/i18n/locales/ru/dev.json';
import type documents from '@deklarant/i18n/locales/ru/documents.json';
import type errors from '@deklarant/i18n/locales/ru/errors.json';
import type fields from '@deklarant/i18n/locales/ru/fields.json';
import type imports from '@deklarant/i18n/locales/ru/imports.json';
import type landing from '@deklarant/i18n/locales/ru/landing.json';
import type letters from '@deklarant/i18n/locales/ru/letters.json';
import type management from '@deklarant/i18n/locales/ru/management.json';
import type onboarding from '@deklarant/i18n/locales/ru/onboarding.json';
import type partners from '@deklarant/i18n/locales/ru/partners.json';
import type payment from '@deklarant/i18n/locales/ru/payment.json';
import type profile from '@deklarant/i18n/locales/ru/profile.json';
import type registers from '@deklarant/i18n/locales/ru/registers.json';
import type sandbox from '@deklarant/i18n/locales/ru/sandbox.json';
import type sections from '@deklarant/i18n/locales/ru/sections.json';
import type server from '@deklarant/i18n/locales/ru/server.json';
import type signing from '@deklarant/i18n/locales/ru/signing.json';
import type tariffs from '@deklarant/i18n/locales/ru/tariffs.json';

/** Keys are checked against the Russian catalogues: a t('ns:key') that does not exist fails the type check. */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      auth: typeof auth;
      calculation: typeof calculation;
      common: typeof common;
      declarations: typeof declarations;
      dev: typeof dev;
      documents: typeof documents;
      errors: typeof errors;
      fields: typeof fields;
      imports: typeof imports;
      landing: typeof landing;
      letters: typeof letters;
      management: typeof management;
      onboarding: typeof onboarding;
      partners: typeof partners;
      payment: typeof payment;
      profile: typeof profile;
      registers: typeof registers;
      sandbox: typeof sandbox;
      sections: typeof sections;
      server: typeof server;
      signing: typeof signing;
      tariffs: typeof tariffs;
    };
  }
}
