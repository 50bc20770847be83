import {
  type ChooseTariffBody,
  type ChooseTariffResult,
  FREE_DISCOUNT,
  MSG,
  money,
  PAYMENT_CURRENCY,
  type PromoCheckResult,
  DECLARATION_STATUS as S,
  TARIFF,
  TARIFF_OPTION,
  type TariffCatalog,
} from '@deklarant/contracts';
import type { Db } from '../../db/db.ts';
import { lockDeclaration, voidOpenInvoices } from '../../db/invoices.ts';
import type { Deps } from '../../deps.ts';
import type { Actor } from '../../lib/actor.ts';
import { HttpError, unprocessable } from '../../lib/errors.ts';
import type { UserRow } from '../auth/index.ts';
import {
  addDays,
  assertCanChooseTariff,
  auditDeclaration,
  declarationsRepo,
  declarationsService,
} from '../declarations/index.ts';
import { type OptionRow, type PromoRow, type TariffRow, tariffsRepo } from './repo.ts';

export const isHalyk = (user: Pick<UserRow, 'bank_name'>) => (user.bank_name ?? '').toLowerCase() === 'halykfinance';

/** The price of a tariff for this user: the halykfinance bank variant has its own (docs/tariffs.md). */
export const priceFor = (t: TariffRow, user: Pick<UserRow, 'bank_name'>): string =>
  money.normalize(isHalyk(user) && t.halyk_price !== null ? t.halyk_price : t.price);

/** Days a paid form stays open after payment (archiving follows the expiry date). */
export const PAID_OPEN_DAYS = 10;

function parseOptions(raw: ChooseTariffBody['selected_additional_service']): string[] {
  if (raw === null || raw === undefined || raw === '') return [];
  const list = Array.isArray(raw) ? raw : typeof raw === 'number' ? [raw] : raw.split(',');
  return list.map((v) => String(v).trim()).filter(Boolean);
}

const truthy = (v: ChooseTariffBody['tax_office_sending']) => v === true || v === 1 || v === '1' || v === 'true';

export type PromoVerdict = { ok: true; promo: PromoRow } | { ok: false; message: string };

export function tariffsService(deps: Deps) {
  const repo = tariffsRepo(deps.db);
  const declarations = declarationsService(deps);
  const now = () => deps.clock.now();

  async function brokerName(db: Db, raw: string | number | null | undefined): Promise<string | null> {
    if (raw === null || raw === undefined || raw === '') return null;
    const b = await db.one<{ name: string }>(
      'SELECT name FROM brokers WHERE name = $1 OR id::text = $1 OR title = $1',
      [String(raw)],
    );
    return b?.name ?? null;
  }

  /** A promo code: known, active, not expired, and for this broker when it is bound to one. */
  async function checkPromo(code: string, broker: string | number | null | undefined): Promise<PromoVerdict> {
    const promo = code.trim() ? await repo.promo(code) : undefined;
    if (!promo) return { ok: false, message: MSG.promoNotFound };
    if (!promo.active || (promo.valid_until && promo.valid_until.getTime() <= now().getTime())) {
      return { ok: false, message: MSG.promoInactive };
    }
    if (promo.broker) {
      const name = await brokerName(deps.db, broker);
      if (!name || name.toLowerCase() !== promo.broker.toLowerCase())
        return { ok: false, message: MSG.promoOtherBroker };
    }
    return { ok: true, promo };
  }

  /**
   * A new choice changes what is bought: every invoice still open to a success is voided (its money,
   * if the provider takes it anyway, is refused and listed for a refund), and the choice is refused
   * if a payment landed since the declaration was read.
   */
  async function repriced(t: Db, id: number, at: Date) {
    await voidOpenInvoices(t, id, 'tariff_changed', at);
    const locked = await lockDeclaration(t, id);
    if (!locked) throw new HttpError(404, MSG.declarationNotFound);
    assertCanChooseTariff(locked, at);
  }

  function offered(o: OptionRow): boolean {
    return !o.test_host_only || (o.code === TARIFF_OPTION.AUTO_SUBMISSION && deps.config.offerAutoSubmission);
  }

  return {
    checkPromo,

    async promoResult(code: string, broker: string | null): Promise<PromoCheckResult> {
      const v = await checkPromo(code, broker);
      if (!v.ok) return { status: 'fail', message: v.message };
      return {
        status: 'success',
        code: { code: v.promo.code, discount: money.normalize(v.promo.discount), broker: v.promo.broker },
      };
    },

    async catalog(user: UserRow): Promise<TariffCatalog['data']> {
      const [tariffs, options, tiers] = await Promise.all([repo.tariffs(), repo.options(), repo.tiers()]);
      return {
        tariffs: tariffs.map((t) => ({
          id: t.id,
          code: t.code,
          tariff_type: t.tariff_type,
          name: t.name,
          description: t.description,
          price: money.money2(priceFor(t, user)),
          features: t.features,
          tiers: tiers
            .filter((x) => x.tariff_id === t.id)
            .map((x) => ({
              id: x.id,
              title: x.title,
              max_deals: x.max_deals,
              max_assets: x.max_assets,
              price: money.money2(x.price),
            })),
        })),
        options: options.filter(offered).map((o) => ({
          id: o.id,
          code: o.code,
          name: o.name,
          description: o.description,
          price: money.money2(o.price),
        })),
        auto_submission_offered: deps.config.offerAutoSubmission,
        contact_url: deps.config.consultantContactUrl,
        currency: PAYMENT_CURRENCY,
      };
    },

    /** POST /api/tariff/{id}/choose-tariff: fixes the price; a 100 % promo code pays the declaration. */
    async choose(actor: Actor, id: number, body: ChooseTariffBody): Promise<ChooseTariffResult> {
      const row = await declarations.loadOwn(actor, id);
      assertCanChooseTariff(row, now());
      const tariff = await repo.byType(body.tariff_type);
      if (!tariff) throw unprocessable(MSG.tariffNotAvailable, { tariff_type: [MSG.tariffNotAvailable] });
      const at = now();
      const user = actor.user;

      if (tariff.tariff_type === TARIFF.CONSULTANT) {
        const amount = money.money2(priceFor(tariff, user));
        await deps.db.tx(async (t) => {
          await repriced(t, id, at);
          await tariffsRepo(t).saveChoice(
            {
              declaration_id: id,
              tariff_id: tariff.id,
              options: [],
              base_amount: amount,
              options_amount: '0.00',
              discount: '0',
              amount,
              promo_code: null,
            },
            at,
          );
          await t.query(
            'UPDATE declarations SET tariff_type = $2, status = $3, referral_code = NULL, updated_at = $4 WHERE id = $1',
            [id, TARIFF.CONSULTANT, S.AWAITING_PAYMENT, at],
          );
          await auditDeclaration(t, {
            actor,
            declarationId: id,
            action: 'status',
            at,
            details: { from: row.status, to: S.AWAITING_PAYMENT, tariff: tariff.code },
          });
        });
        return {
          success: true,
          need_payment: false,
          status: S.AWAITING_PAYMENT,
          amount,
          contact_url: deps.config.consultantContactUrl,
          message: MSG.managerNotice,
        };
      }

      // Optimal: options at their prices (automatic submission only where it is offered).
      const all = await repo.options();
      const wanted = parseOptions(body.selected_additional_service);
      const chosen: OptionRow[] = [];
      for (const w of wanted) {
        const o = all.find((x) => x.code === w || String(x.id) === w);
        if (!o || !offered(o)) {
          throw unprocessable(MSG.optionNotAvailable, { selected_additional_service: [MSG.optionNotAvailable] });
        }
        if (!chosen.includes(o)) chosen.push(o);
      }
      const autoSubmission = chosen.some((o) => o.code === TARIFF_OPTION.AUTO_SUBMISSION);
      if (truthy(body.tax_office_sending) && !autoSubmission && !deps.config.offerAutoSubmission) {
        throw unprocessable(MSG.optionNotAvailable, { tax_office_sending: [MSG.optionNotAvailable] });
      }
      const taxOfficeSending = autoSubmission || truthy(body.tax_office_sending);

      let promo: PromoRow | null = null;
      const code = body.referral_code?.trim() ?? '';
      if (code) {
        const v = await checkPromo(code, body.broker ?? row.broker);
        if (!v.ok) throw unprocessable(v.message, { referral_code: [v.message] });
        promo = v.promo;
      }
      const base = priceFor(tariff, user);
      const optionsSum = money.sum(chosen.map((o) => o.price));
      const discount = money.normalize(promo?.discount ?? 0);
      const free = money.compare(discount, FREE_DISCOUNT) >= 0;
      const amount = free ? '0.00' : money.discounted(money.plus(base, optionsSum), discount);
      const newStatus = free ? S.PAID : S.AWAITING_PAYMENT;
      const broker = row.broker ?? (await brokerName(deps.db, body.broker));

      await deps.db.tx(async (t) => {
        await repriced(t, id, at);
        await tariffsRepo(t).saveChoice(
          {
            declaration_id: id,
            tariff_id: tariff.id,
            options: chosen.map((o) => o.code),
            base_amount: money.money2(base),
            options_amount: money.money2(optionsSum),
            discount,
            amount: money.money2(amount),
            promo_code: promo?.code ?? null,
          },
          at,
        );
        await t.query(
          `UPDATE declarations SET tariff_type = $2, status = $3, referral_code = $4, tax_office_sending = $5,
             broker = $6, updated_at = $7 WHERE id = $1`,
          [id, TARIFF.OPTIMAL, newStatus, promo?.code ?? null, taxOfficeSending, broker, at],
        );
        // an open payment follows the new price (a paid one never changes)
        if (!free) {
          await t.query(
            `UPDATE payments SET amount = $2, updated_at = $3
             WHERE declaration_id = $1 AND kind = 'initial' AND status = 'pending'`,
            [id, money.money2(amount), at],
          );
        }
        if (free) {
          await declarationsRepo(t).setExpiry(
            id,
            laterOf(row.declaration_expired_date, addDays(at, PAID_OPEN_DAYS)),
            at,
          );
        }
        await auditDeclaration(t, {
          actor,
          declarationId: id,
          action: 'status',
          at,
          details: {
            from: row.status,
            to: newStatus,
            tariff: tariff.code,
            options: chosen.map((o) => o.code),
            amount: money.money2(amount),
            ...(free ? { paid_by: 'promo_code', discount } : {}),
          },
        });
      });
      return { success: true, need_payment: !free, status: newStatus, amount: money.money2(amount) };
    },

    /** GET /api/tariff/{id}/get-additional-payment-cost */
    async additionalCost(actor: Actor, id: number): Promise<string> {
      const row = await declarations.loadOwn(actor, id);
      const choice = await repo.choice(id);
      const tariff = choice ? await repo.byId(choice.tariff_id) : await repo.byType(row.tariff_type ?? TARIFF.OPTIMAL);
      if (!tariff) throw new HttpError(404, MSG.tariffNotAvailable);
      return money.money2(tariff.additional_cost);
    },
  };
}

export function laterOf(a: Date | null, b: Date): Date {
  return a && a.getTime() > b.getTime() ? a : b;
}
