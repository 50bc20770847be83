import type { Language } from '@deklarant/i18n';
import { translator } from '@deklarant/i18n/node';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Deps } from '../../deps.ts';
import { esc, hidden, sandboxPage, sandboxText as text } from '../payments/index.ts';

const html = (reply: FastifyReply, body: string, status = 200) =>
  reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);

/** The signing page's error in the request's language. */
const failure = (lng: Language) =>
  sandboxPage(translator().t(lng, 'sandbox:signer.errorTitle'), `<h1>${text(lng, 'signer.badRequest')}</h1>`, lng);

function back(redirectUri: string, params: Record<string, string>): string {
  const u = new URL(redirectUri);
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  return u.toString();
}

/** The sandbox signer's authorization page (outside production only): 'Подписать' / 'Отмена'. */
export async function signingSandboxRoutes(app: FastifyInstance, deps: Deps) {
  const signer = deps.providers.sandboxSigner;
  if (!signer) return;

  const parse = async (q: Record<string, string | undefined>) => {
    const ids = /^openid sign\.([\w,]+)$/.exec(q.scope ?? '')?.[1]?.split(',') ?? [];
    if (q.response_type !== 'code' || !q.redirect_uri || !q.state || ids.length === 0) return undefined;
    try {
      new URL(q.redirect_uri);
    } catch {
      return undefined;
    }
    const docs = [];
    for (const id of ids) {
      const d = await signer.document(id);
      if (!d) return undefined;
      docs.push(d);
    }
    return { ids, docs, redirectUri: q.redirect_uri, state: q.state };
  };

  app.get('/api/sandbox/signer/authorize', { schema: { hide: true } }, async (req, reply) => {
    const q = req.query as Record<string, string | undefined>;
    const lng = req.lang;
    const p = await parse(q);
    if (!p) return html(reply, failure(lng), 400);
    const body = `<span class="badge">${text(lng, 'signer.badge')}</span><h1>${text(lng, 'signer.heading')}</h1>
<p class="note">${text(lng, 'signer.note')}</p>
<dl>${p.docs.map((d) => `<dt>${text(lng, 'signer.document')}</dt><dd>${esc(d.name)}</dd>`).join('')}</dl>
<form method="post" action="/api/sandbox/signer/decide">${hidden({
      scope: q.scope,
      redirect_uri: p.redirectUri,
      state: p.state,
      response_type: 'code',
    })}<div class="actions"><button class="primary" name="action" value="sign">${text(lng, 'signer.sign')}</button>
<button class="secondary" name="action" value="cancel">${text(lng, 'signer.cancel')}</button></div></form>`;
    return html(reply, sandboxPage(translator().t(lng, 'sandbox:signer.title'), body, lng));
  });

  app.post('/api/sandbox/signer/decide', { schema: { hide: true } }, async (req, reply) => {
    const b = (req.body ?? {}) as Record<string, string | undefined>;
    const p = await parse(b);
    if (!p) return html(reply, failure(req.lang), 400);
    if (b.action !== 'sign') {
      return reply.redirect(
        back(p.redirectUri, {
          error: 'access_denied',
          error_description: translator().t(req.lang, 'sandbox:signer.cancelled'),
          state: p.state,
        }),
        303,
      );
    }
    const code = await signer.approve({ signableIds: p.ids, redirectUri: p.redirectUri });
    return reply.redirect(back(p.redirectUri, { code, state: p.state }), 303);
  });
}
