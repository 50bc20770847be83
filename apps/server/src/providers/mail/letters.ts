import type { Language } from '@deklarant/i18n';
import { localize, t } from '../../lib/language.ts';
import type { Letter } from './mailer.ts';

/**
 * The letters, in the reader's language (packages/i18n/locales/<lng>/letters.json): the profile language
 * where the person chose one, else the language of the request that caused the letter, else Russian.
 */

/** Which declaration a letter is about: 'Декларация 270.00 за 2025 год'. */
export interface LetterDeclaration {
  formCode: string;
  year: number;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** One language's texts of the letters namespace. */
function texts(lng: Language) {
  const l = (key: string, params?: Record<string, unknown>) => t(lng, `letters:${key}`, params);
  return Object.assign(l, {
    lng,
    declaration: (d: LetterDeclaration) => l('declaration', { formCode: d.formCode, year: d.year }),
  });
}
type Texts = ReturnType<typeof texts>;

function layout(
  l: Texts,
  title: string,
  paragraphs: string[],
  action?: { label: string; url: string },
): Pick<Letter, 'text' | 'html'> {
  const signature = l('signature');
  const text = [
    title,
    '',
    ...paragraphs,
    ...(action ? ['', `${action.label}: ${action.url}`] : []),
    '',
    signature,
  ].join('\n');
  const html = `<!doctype html><html lang="${l.lng}"><body style="font-family:Arial,sans-serif;color:#1a1b1e">
<h2 style="color:#1c5fd4">${esc(title)}</h2>
${paragraphs.map((p) => `<p>${esc(p)}</p>`).join('\n')}
${action ? `<p><a href="${esc(action.url)}" style="background:#1c5fd4;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${esc(action.label)}</a></p>` : ''}
<p style="color:#868e96">${esc(signature)}</p></body></html>`;
  return { text, html };
}

export const letters = {
  registrationCode: (lng: Language, to: string, code: string): Letter => {
    const l = texts(lng);
    return {
      to,
      code,
      subject: l('registrationCode.subject'),
      ...layout(l, l('registrationCode.title'), [l('registrationCode.code', { code }), l('registrationCode.note')]),
    };
  },
  resetCode: (lng: Language, to: string, code: string, setPasswordUrl: string): Letter => {
    const l = texts(lng);
    return {
      to,
      code,
      subject: l('resetCode.subject'),
      ...layout(l, l('resetCode.title'), [l('resetCode.code', { code }), l('resetCode.note'), l('resetCode.notYou')], {
        label: l('resetCode.action'),
        url: setPasswordUrl,
      }),
    };
  },
  changeEmailCode: (lng: Language, to: string, newEmail: string, code: string): Letter => {
    const l = texts(lng);
    return {
      to,
      code,
      subject: l('changeEmailCode.subject'),
      ...layout(l, l('changeEmailCode.title'), [
        l('changeEmailCode.requested', { email: newEmail }),
        l('changeEmailCode.code', { code }),
        l('changeEmailCode.notYou'),
      ]),
    };
  },
  /** The payment arrived; the fiscal receipt link only where the payment provider gives one. */
  paymentReceived: (
    lng: Language,
    to: string,
    p: { amount: string; declaration: LetterDeclaration; fiscalReceiptUrl?: string | null; url: string },
  ): Letter => {
    const l = texts(lng);
    const d = p.declaration;
    return {
      to,
      subject: l('paymentReceived.subject', { declaration: l.declaration(d) }),
      ...layout(
        l,
        l('paymentReceived.title'),
        [
          l('paymentReceived.received', { amount: p.amount, formCode: d.formCode, year: d.year }),
          p.fiscalReceiptUrl
            ? l('paymentReceived.receipt', { url: p.fiscalReceiptUrl })
            : l('paymentReceived.receiptSeparately'),
          l('paymentReceived.continueFilling'),
        ],
        { label: l('paymentReceived.action'), url: p.url },
      ),
    };
  },
  declarationSent: (lng: Language, to: string, d: LetterDeclaration, url: string): Letter => {
    const l = texts(lng);
    const declaration = l.declaration(d);
    return {
      to,
      subject: l('declarationSent.subject', { declaration }),
      ...layout(
        l,
        l('declarationSent.title'),
        [l('declarationSent.sent', { declaration }), l('declarationSent.wait')],
        { label: l('openDeclaration'), url },
      ),
    };
  },
  declarationAccepted: (
    lng: Language,
    to: string,
    d: LetterDeclaration & { registrationNumber: string; registeredAt: string },
    url: string,
  ): Letter => {
    const l = texts(lng);
    return {
      to,
      subject: l('declarationAccepted.subject', { declaration: l.declaration(d) }),
      ...layout(
        l,
        l('declarationAccepted.title'),
        [
          l('declarationAccepted.accepted', { formCode: d.formCode, year: d.year }),
          l('declarationAccepted.registration', { number: d.registrationNumber, at: d.registeredAt }),
          l('declarationAccepted.receipt'),
        ],
        { label: l('declarationAccepted.action'), url },
      ),
    };
  },
  /** The tax authority's reason is its Russian text, given in `lng` where a catalogue has it; what to do is ours. */
  declarationRejected: (lng: Language, to: string, d: LetterDeclaration & { reason: string }, url: string): Letter => {
    const l = texts(lng);
    return {
      to,
      subject: l('declarationRejected.subject', { declaration: l.declaration(d) }),
      ...layout(
        l,
        l('declarationRejected.title'),
        [
          l('declarationRejected.rejected', { formCode: d.formCode, year: d.year }),
          l('declarationRejected.reason', { reason: localize(lng, d.reason) }),
          t(lng, 'signing:panel.whatToDo'),
        ],
        { label: l('openDeclaration'), url },
      ),
    };
  },
  emailChanged: (lng: Language, to: string, newEmail: string): Letter => {
    const l = texts(lng);
    return {
      to,
      subject: l('emailChanged.subject'),
      ...layout(l, l('emailChanged.title'), [l('emailChanged.changed', { email: newEmail })]),
    };
  },
  /** The manager has filled the declaration: sign it online (management finish). */
  readyToSign: (lng: Language, to: string, d: LetterDeclaration & { id: number }, url: string): Letter => {
    const l = texts(lng);
    const v = { formCode: d.formCode, year: d.year, id: d.id };
    return {
      to,
      subject: l('readyToSign.subject', v),
      ...layout(
        l,
        l('readyToSign.title'),
        [l('readyToSign.filled', v), l('readyToSign.check'), l('readyToSign.reply')],
        { label: l('openDeclaration'), url },
      ),
    };
  },
  /** A manager's calculation finished the form (the short letter of the calculation module). */
  managerFilled: (lng: Language, to: string, year: number, url: string): Letter => {
    const l = texts(lng);
    return {
      to,
      subject: l('readyToSign.title'),
      text: l('managerFilled.text', { year, url }),
      html: `<p>${esc(l('managerFilled.html', { year }))}</p><p><a href="${url}">${esc(l('managerFilled.action'))}</a></p>`,
    };
  },
  /** A large export was made off the request: the link to download it. */
  exportReady: (lng: Language, to: string, d: LetterDeclaration & { format: 'PDF' | 'Excel' }, url: string): Letter => {
    const l = texts(lng);
    const title = l('exportReady.title', { formCode: d.formCode, year: d.year, format: d.format });
    return {
      to,
      subject: l('exportReady.subject', { title }),
      text: `${l('exportReady.text', { title, url })}\n\n${l('signature')}`,
      html: `<p>${esc(l('exportReady.done', { title }))}</p><p><a href="${esc(url)}">${esc(l('exportReady.download'))}</a> ${esc(l('exportReady.signInNeeded'))}</p><p>${esc(l('signature'))}</p>`,
    };
  },
};
