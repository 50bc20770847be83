import { createHash } from 'node:crypto';
import type { Language } from '@deklarant/i18n';
import { translator } from '@deklarant/i18n/node';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Deps } from '../../deps.ts';
import { md5, resultSignatureBase } from '../../providers/payment/robokassa.ts';
import { esc, hidden, sandboxPage, sandboxText as text } from './sandbox-html.ts';
import { CALLBACK_PATH } from './service.ts';

/** Test cards published on the epayment.kz pages: these are declined (docs/formats.md). */
const DECLINED_CARDS = new Set(['4003032704547597', '5578342710750560']);
const TEST_CARD = '4405 6397 0401 5096';
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** Same-origin path of an address: the sandbox returns the browser to the origin it came from. */
const pathOf = (u: string) => {
  try {
    const x = new URL(u, 'http://sandbox.local');
    return `${x.pathname}${x.search}`;
  } catch {
    return '/';
  }
};

const html = (reply: FastifyReply, body: string, status = 200) =>
  reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);

/** A page title in the request's language (sandboxPage escapes it). */
const title = (lng: Language, key: string, params?: Record<string, unknown>) =>
  translator().t(lng, `sandbox:${key}`, params);

/** The payment page's error: its title, heading and, when given, the reason below it. */
const failure = (lng: Language, heading: string, reason?: string) =>
  sandboxPage(
    title(lng, 'payment.errorTitle'),
    `<h1>${text(lng, heading)}</h1>${reason ? `<p class="error">${text(lng, reason)}</p>` : ''}`,
    lng,
  );

function cardForm(lng: Language): string {
  return `<label for="card">${text(lng, 'payment.cardNumber')}</label><input id="card" type="text" name="card" value="${TEST_CARD}" inputmode="numeric" autocomplete="off">
<div class="row"><div><label for="exp">${text(lng, 'payment.expiry')}</label><input id="exp" type="text" name="exp" value="01/27"></div>
<div><label for="cvc">CVC</label><input id="cvc" type="text" name="cvc" value="321"></div></div>`;
}

/**
 * The offline payment gateways (outside production only): they check and produce the same
 * signatures and callbacks as Robokassa and Halyk ePay, so the whole payment runs without a network.
 */
export async function paymentSandboxRoutes(app: FastifyInstance, deps: Deps) {
  const { payment } = deps.providers;
  const rk = payment.robokassa;
  const creds = rk.credentials;

  if (rk.mode === 'sandbox' && creds) {
    /** The payment page: checks the Password#1 signature of the URL like Index.aspx does. */
    app.get('/api/sandbox/robokassa/pay', { schema: { hide: true } }, async (req, reply) => {
      const q = req.query as Record<string, string | undefined>;
      const lng = req.lang;
      const ok =
        q.MerchantLogin === creds.login &&
        q.OutSum &&
        q.InvId &&
        q.SignatureValue &&
        md5([creds.login, q.OutSum, q.InvId, creds.password1].join(':')).toLowerCase() ===
          q.SignatureValue.toLowerCase();
      if (!ok) return html(reply, failure(lng, 'payment.badRequest', 'payment.badSignature'), 400);
      const body = `<span class="badge">${text(lng, 'payment.testBadge', { provider: 'Robokassa' })}</span><h1>${text(lng, 'payment.cardTitle')}</h1>
<p class="note">${esc(q.Description)}</p><dl><dt>${text(lng, 'payment.invoice')}</dt><dd>№ ${esc(q.InvId)}</dd><dt>${text(lng, 'payment.amount')}</dt><dd>${esc(q.OutSum)} ₸</dd></dl>
<form method="post" action="/api/sandbox/robokassa/submit">${hidden({
        MerchantLogin: q.MerchantLogin,
        OutSum: q.OutSum,
        InvId: q.InvId,
        SignatureValue: q.SignatureValue,
      })}${cardForm(lng)}<div class="actions"><button class="primary" name="action" value="pay">${text(lng, 'payment.pay')}</button>
<button class="secondary" name="action" value="cancel">${text(lng, 'payment.refuse')}</button></div></form>`;
      return html(reply, sandboxPage(title(lng, 'payment.title', { provider: 'Robokassa' }), body, lng));
    });

    /** Pay: ResultURL with the Password#2 signature (expects OK{InvId}), then SuccessURL; or FailURL. */
    app.post('/api/sandbox/robokassa/submit', { schema: { hide: true } }, async (req, reply) => {
      const b = (req.body ?? {}) as Record<string, string | undefined>;
      const { OutSum: outSum, InvId: invId } = b;
      const valid =
        outSum &&
        invId &&
        b.SignatureValue &&
        md5([creds.login, outSum, invId, creds.password1].join(':')).toLowerCase() === b.SignatureValue.toLowerCase();
      if (!valid) return html(reply, failure(req.lang, 'payment.badRequest'), 400);
      const card = (b.card ?? '').replace(/\D/g, '');
      if (b.action !== 'pay' || DECLINED_CARDS.has(card)) {
        const q = new URLSearchParams({ OutSum: outSum, InvId: invId, Culture: 'ru' });
        return reply.redirect(`/app/payment/status?${q.toString()}`, 303);
      }
      const result = await app.inject({
        method: 'POST',
        url: CALLBACK_PATH.robokassa,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          OutSum: outSum,
          InvId: invId,
          Fee: '0.00',
          SignatureValue: md5(resultSignatureBase({ outSum, invId, password: creds.password2 })),
          PaymentMethod: 'BankCard',
          IncCurrLabel: 'BankCardPSR',
          IsTest: '1',
        }).toString(),
      });
      // The card was charged whatever the shop answered: like Robokassa, the payer is sent to the
      // SuccessURL and the notification is the shop's problem (the real one retries ResultURL later).
      if (result.body !== `OK${invId}`) req.log.warn({ provider: 'robokassa-sandbox' }, 'ResultURL not acknowledged');
      const q = new URLSearchParams({
        OutSum: outSum,
        InvId: invId,
        SignatureValue: md5(resultSignatureBase({ outSum, invId, password: creds.password1 })),
        Culture: 'ru',
        IsTest: '1',
      });
      return reply.redirect(`/app/payment/status?${q.toString()}`, 303);
    });
  }

  const sandboxEpay = payment.sandboxEpay;
  if (sandboxEpay) {
    /** The widget script: halyk.pay(paymentObject) opens the sandbox card page. */
    app.get('/api/sandbox/epay/payment-api.js', { schema: { hide: true } }, async (_req, reply) => {
      // The payment page is opened with a POSTed form: the access token never goes into an address
      // (history, logs, Referer), as with the real widget, which keeps it inside its frame.
      const js = `window.halyk = { pay: function (o) {
  var f = document.createElement('form');
  f.method = 'post';
  f.action = '/api/sandbox/epay/pay';
  var v = { invoiceId: o.invoiceId, amount: String(o.amount), currency: o.currency, terminal: o.terminal,
    backLink: o.backLink, failureBackLink: o.failureBackLink, description: o.description || '', language: o.language || 'rus',
    access_token: (o.auth && o.auth.access_token) || '' };
  for (var k in v) { var i = document.createElement('input'); i.type = 'hidden'; i.name = k; i.value = v[k]; f.appendChild(i); }
  document.body.appendChild(f);
  f.submit();
} };`;
      return reply.header('cache-control', 'no-store').type('application/javascript; charset=utf-8').send(js);
    });

    const check = async (q: Record<string, string | undefined>) => {
      if (!q.invoiceId || !q.access_token) return undefined;
      const row = await sandboxEpay.find(q.invoiceId);
      if (!row || row.access_token_hash !== sha256(q.access_token)) return undefined;
      if (q.terminal !== row.terminal || Number(q.amount) !== Number(row.amount)) return undefined;
      return row;
    };

    app.post('/api/sandbox/epay/pay', { schema: { hide: true } }, async (req, reply) => {
      const q = (req.body ?? {}) as Record<string, string | undefined>;
      const lng = req.lang;
      const row = await check(q);
      if (!row) return html(reply, failure(lng, 'payment.badToken', 'payment.backToShop'), 400);
      const body = `<span class="badge">${text(lng, 'payment.testBadge', { provider: 'Halyk ePay' })}</span><h1>Halyk ePay</h1>
<p class="note">${esc(q.description)}</p><dl><dt>${text(lng, 'payment.order')}</dt><dd>№ ${esc(row.invoice_id)}</dd><dt>${text(lng, 'payment.amount')}</dt><dd>${esc(q.amount)} ₸</dd></dl>
<form method="post" action="/api/sandbox/epay/submit">${hidden({
        invoiceId: q.invoiceId,
        amount: q.amount,
        terminal: q.terminal,
        access_token: q.access_token,
        backLink: q.backLink,
        failureBackLink: q.failureBackLink,
      })}${cardForm(lng)}<div class="actions"><button class="primary" name="action" value="pay">${text(lng, 'payment.pay')}</button>
<button class="secondary" name="action" value="cancel">${text(lng, 'payment.refuse')}</button></div></form>`;
      return html(reply, sandboxPage(title(lng, 'payment.title', { provider: 'Halyk ePay' }), body, lng));
    });

    /** Records the result, POSTs the postLink JSON (echoing secret_hash), returns the browser. */
    app.post('/api/sandbox/epay/submit', { schema: { hide: true } }, async (req, reply) => {
      const b = (req.body ?? {}) as Record<string, string | undefined>;
      const row = await check(b);
      if (!row) return html(reply, failure(req.lang, 'payment.badToken'), 400);
      const card = (b.card ?? '').replace(/\D/g, '');
      const paid = b.action === 'pay' && card.length >= 15 && !DECLINED_CARDS.has(card);
      const reference = await sandboxEpay.settle(row.invoice_id, paid ? 'CHARGE' : 'REJECT');
      if (b.action === 'pay' || paid) {
        await app.inject({
          method: 'POST',
          url: pathOf(paid ? row.post_link : (row.failure_post_link ?? row.post_link)),
          headers: { 'content-type': 'application/json' },
          payload: {
            id: reference,
            invoiceId: row.invoice_id,
            amount: Number(row.amount),
            currency: 'KZT',
            terminal: row.terminal,
            accountId: '',
            code: paid ? 'ok' : 'error',
            reason: paid ? 'success' : 'Операция отклонена',
            reasonCode: paid ? '0' : '05',
            reference,
            secret_hash: row.secret_hash,
            cardMask: `${card.slice(0, 6)}******${card.slice(-4)}`,
            dateTime: deps.clock.now().toISOString(),
          },
        });
      }
      return reply.redirect(pathOf((paid ? b.backLink : b.failureBackLink) ?? '/app/payment/status'), 303);
    });
  }
}
