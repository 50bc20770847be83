import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Deps } from '../../deps.ts';
import { esc, hidden, sandboxPage } from '../payments/index.ts';

const html = (reply: FastifyReply, body: string, status = 200) =>
  reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);

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
    const p = await parse(q);
    if (!p) return html(reply, sandboxPage('Ошибка подписания', '<h1>Неверный запрос на подписание</h1>'), 400);
    const body = `<span class="badge">Тестовая подпись (песочница)</span><h1>Подписание документа</h1>
<p class="note">Документ будет подписан тестовым сертификатом. Такая подпись не имеет юридической силы.</p>
<dl>${p.docs.map((d) => `<dt>Документ</dt><dd>${esc(d.name)}</dd>`).join('')}</dl>
<form method="post" action="/api/sandbox/signer/decide">${hidden({
      scope: q.scope,
      redirect_uri: p.redirectUri,
      state: p.state,
      response_type: 'code',
    })}<div class="actions"><button class="primary" name="action" value="sign">Подписать</button>
<button class="secondary" name="action" value="cancel">Отмена</button></div></form>`;
    return html(reply, sandboxPage('Подписание — песочница', body));
  });

  app.post('/api/sandbox/signer/decide', { schema: { hide: true } }, async (req, reply) => {
    const b = (req.body ?? {}) as Record<string, string | undefined>;
    const p = await parse(b);
    if (!p) return html(reply, sandboxPage('Ошибка подписания', '<h1>Неверный запрос на подписание</h1>'), 400);
    if (b.action !== 'sign') {
      return reply.redirect(
        back(p.redirectUri, {
          error: 'access_denied',
          error_description: 'Пользователь отменил подписание',
          state: p.state,
        }),
        303,
      );
    }
    const code = await signer.approve({ signableIds: p.ids, redirectUri: p.redirectUri });
    return reply.redirect(back(p.redirectUri, { code, state: p.state }), 303);
  });
}
