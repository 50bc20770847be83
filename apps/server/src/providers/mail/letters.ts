import type { Letter } from './mailer.ts';

/** Which declaration a letter is about: 'Декларация 270.00 за 2025 год'. */
export interface LetterDeclaration {
  formCode: string;
  year: number;
}
const title = (d: LetterDeclaration) => `Декларация ${d.formCode} за ${d.year} год`;

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function layout(
  title: string,
  paragraphs: string[],
  action?: { label: string; url: string },
): Pick<Letter, 'text' | 'html'> {
  const text = [
    title,
    '',
    ...paragraphs,
    ...(action ? ['', `${action.label}: ${action.url}`] : []),
    '',
    '— Декларант',
  ].join('\n');
  const html = `<!doctype html><html lang="ru"><body style="font-family:Arial,sans-serif;color:#1a1b1e">
<h2 style="color:#1c5fd4">${esc(title)}</h2>
${paragraphs.map((p) => `<p>${esc(p)}</p>`).join('\n')}
${action ? `<p><a href="${esc(action.url)}" style="background:#1c5fd4;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${esc(action.label)}</a></p>` : ''}
<p style="color:#868e96">— Декларант</p></body></html>`;
  return { text, html };
}

export const letters = {
  registrationCode: (to: string, code: string): Letter => ({
    to,
    code,
    subject: 'Код подтверждения регистрации в Декларанте',
    ...layout('Подтвердите email', [
      `Ваш код подтверждения: ${code}`,
      'Код действует 15 минут. Если вы не регистрировались в Декларанте, просто проигнорируйте это письмо.',
    ]),
  }),
  resetCode: (to: string, code: string, setPasswordUrl: string): Letter => ({
    to,
    code,
    subject: 'Восстановление пароля в Декларанте',
    ...layout(
      'Восстановление пароля',
      [
        `Код для восстановления пароля: ${code}`,
        'Код действует 15 минут. Вы также можете задать новый пароль по ссылке ниже.',
        'Если вы не запрашивали восстановление, ничего не делайте: пароль останется прежним.',
      ],
      { label: 'Задать новый пароль', url: setPasswordUrl },
    ),
  }),
  changeEmailCode: (to: string, newEmail: string, code: string): Letter => ({
    to,
    code,
    subject: 'Смена email в Декларанте',
    ...layout('Подтвердите смену email', [
      `Вы запросили смену email учетной записи на ${newEmail}.`,
      `Код подтверждения: ${code}`,
      'Если это были не вы, смените пароль и свяжитесь с поддержкой.',
    ]),
  }),
  /** The payment arrived; the fiscal receipt link only where the payment provider gives one. */
  paymentReceived: (
    to: string,
    p: { amount: string; declaration: LetterDeclaration; fiscalReceiptUrl?: string | null; url: string },
  ): Letter => ({
    to,
    subject: `Оплата получена: ${title(p.declaration)}`,
    ...layout(
      'Оплата получена',
      [
        `Мы получили оплату ${p.amount} ₸ за декларацию ${p.declaration.formCode} за ${p.declaration.year} год.`,
        p.fiscalReceiptUrl
          ? `Фискальный чек: ${p.fiscalReceiptUrl}`
          : 'Фискальный чек платежная система отправляет отдельно.',
        'Можно продолжить заполнение декларации.',
      ],
      { label: 'Продолжить', url: p.url },
    ),
  }),
  declarationSent: (to: string, d: LetterDeclaration, url: string): Letter => ({
    to,
    subject: `${title(d)} отправлена в налоговый орган`,
    ...layout(
      'Декларация отправлена',
      [
        `${title(d)} подписана и отправлена в налоговый орган.`,
        'Когда налоговый орган ответит, мы напишем: обычно это занимает несколько минут.',
      ],
      { label: 'Открыть декларацию', url },
    ),
  }),
  declarationAccepted: (
    to: string,
    d: LetterDeclaration & { registrationNumber: string; registeredAt: string },
    url: string,
  ): Letter => ({
    to,
    subject: `${title(d)} принята налоговым органом`,
    ...layout(
      'Декларация принята',
      [
        `Налоговый орган принял декларацию ${d.formCode} за ${d.year} год.`,
        `Регистрационный номер: ${d.registrationNumber}, дата регистрации: ${d.registeredAt} (время Алматы).`,
        'Талон о приеме можно скачать на странице декларации.',
      ],
      { label: 'Скачать талон', url },
    ),
  }),
  declarationRejected: (
    to: string,
    d: LetterDeclaration & { reason: string; whatToDo: string },
    url: string,
  ): Letter => ({
    to,
    subject: `${title(d)} отклонена налоговым органом`,
    ...layout(
      'Декларация отклонена',
      [`Налоговый орган отклонил декларацию ${d.formCode} за ${d.year} год.`, `Причина: ${d.reason}`, d.whatToDo],
      { label: 'Открыть декларацию', url },
    ),
  }),
  emailChanged: (to: string, newEmail: string): Letter => ({
    to,
    subject: 'Email учетной записи изменен',
    ...layout('Email изменен', [`Email вашей учетной записи в Декларанте изменен на ${newEmail}.`]),
  }),
};
