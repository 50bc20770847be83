import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fiscalReceiptUrl, tenge } from '../src/modules/payments/payment-letter.ts';
import { letters } from '../src/providers/mail/letters.ts';
import { createTestServer, signedInUser, type TestServer } from './helpers.ts';
import { paymentKit } from './payment-kit.ts';

let s: TestServer;
beforeAll(async () => {
  s = await createTestServer();
});
afterAll(async () => {
  await s.close();
});
const { awaitingPayment, robokassaResult, postForm } = paymentKit(() => s);

describe('letters after payment and sending', () => {
  it('payment received: the amount in tenge, the fiscal receipt link only where the provider gives one', () => {
    const decl = { formCode: '270.00', year: 2025 };
    const withLink = letters.paymentReceived('ru', 'a@example.com', {
      amount: tenge('22000.00'),
      declaration: decl,
      fiscalReceiptUrl: fiscalReceiptUrl({ receiptUrl: 'https://ofd.example.kz/r/123' }),
      url: 'https://app.example/app',
    });
    expect(withLink.subject).toBe('Оплата получена: Декларация 270.00 за 2025 год');
    expect(withLink.text).toContain('Мы получили оплату 22 000 ₸ за декларацию 270.00 за 2025 год.');
    expect(withLink.text).toContain('Фискальный чек: https://ofd.example.kz/r/123');
    expect(withLink.html).toContain('https://ofd.example.kz/r/123');
    const without = letters.paymentReceived('ru', 'a@example.com', {
      amount: tenge('8000.5'),
      declaration: decl,
      fiscalReceiptUrl: fiscalReceiptUrl({ receiptUrl: 'http://insecure.example/r', reference: 'x' }),
      url: 'https://app.example/app',
    });
    // 8000.5 -> two decimals, grouped: '8 000,50'
    expect(without.text).toContain('8 000,50 ₸');
    expect(without.text).not.toContain('Фискальный чек:');
    expect(fiscalReceiptUrl({ receipt_url: 'not a link' })).toBeNull();
  });

  it('a verified payment sends one letter; a replayed callback sends none', async () => {
    const u = await signedInUser(s);
    const { id, paymentId } = await awaitingPayment(u.client);
    const link = await u.client.post(`/api/declarations/${id}/payments/${paymentId}/generate-payment-link`);
    const body = robokassaResult(link.json().invoice_id, '20000.00');
    await postForm('/api/payments/callback/robokassa', body);
    await postForm('/api/payments/callback/robokassa', body);
    const mail = await s.deps.db.query<{ subject: string; text_body: string }>(
      'SELECT subject, text_body FROM outbox WHERE to_email = $1',
      [u.email],
    );
    expect(mail).toHaveLength(1);
    expect(mail[0]?.subject).toBe('Оплата получена: Декларация 270.00 за 2025 год');
    // Optimal tariff, no options: 20 000 ₸
    expect(mail[0]?.text_body).toContain('20 000 ₸');
  });

  it('sent, accepted and rejected letters name the declaration and what follows', () => {
    const d = { formCode: '250.00', year: 2024 };
    expect(letters.declarationSent('ru', 'a@example.com', d, 'u').subject).toBe(
      'Декларация 250.00 за 2024 год отправлена в налоговый орган',
    );
    const ok = letters.declarationAccepted(
      'ru',
      'a@example.com',
      { ...d, registrationNumber: '0101-1', registeredAt: '15.03.2026 10:00' },
      'u',
    );
    expect(ok.text).toContain('Регистрационный номер: 0101-1, дата регистрации: 15.03.2026 10:00 (время Алматы).');
    const no = letters.declarationRejected('ru', 'a@example.com', { ...d, reason: 'Причина X' }, 'u');
    expect(no.text).toContain('Причина: Причина X');
    expect(no.text).toContain(
      'Исправьте указанное в причине (личные данные — на шаге 7), затем подпишите и отправьте декларацию заново.',
    );
  });
});
