import { emptyToNull, type Profile } from '@deklarant/contracts';
import { isLanguage } from '@deklarant/i18n';
import type { Actor } from '../../lib/actor.ts';

export function toProfile(actor: Actor): Profile {
  const u = actor.user;
  return {
    id: u.id,
    email: u.email,
    iin: emptyToNull(u.iin),
    surname: emptyToNull(u.surname),
    name: emptyToNull(u.name),
    patronymic: emptyToNull(u.patronymic),
    phone: emptyToNull(u.phone),
    spouses_iin: emptyToNull(u.spouses_iin),
    full_access: u.full_access,
    bankName: emptyToNull(u.bank_name),
    session: actor.kind,
    is_onboarding_completed: u.is_onboarding_completed,
    role: u.role,
    language: isLanguage(u.language) ? u.language : null,
  };
}
