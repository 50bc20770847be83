import { seedDemoDeclarations } from './demo/declarations.ts';
import { seedDemoTariffs } from './demo/tariffs.ts';
import type { Deps } from './deps.ts';
import { hashPassword } from './modules/auth/index.ts';

export const DEMO_EMAIL = 'demo@example.com';
export const DEMO_PASSWORD = 'Demo-pass-1';

/** The demo user's data, in order: declarations in several statuses, then their tariffs and promo codes. */
const seeders = [seedDemoDeclarations, seedDemoTariffs];

/** The demo account outside production (README.md); created once, never overwritten. */
export async function seedDemo(deps: Deps): Promise<void> {
  const existing = await deps.db.one<{ id: number }>('SELECT id FROM users WHERE lower(email) = $1', [DEMO_EMAIL]);
  if (existing) return;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const user = await deps.db.one<{ id: number }>(
    `INSERT INTO users (email, password_hash, name, surname, phone, is_onboarding_completed, personal_data_consent_at, public_offer_consent_at)
     VALUES ($1, $2, 'Айгерим', 'Демонова', '+77001234567', true, now(), now()) RETURNING id`,
    [DEMO_EMAIL, passwordHash],
  );
  if (!user) return;
  for (const seed of seeders) await seed(deps, user.id);
}
