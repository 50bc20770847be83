import type { Language } from '@deklarant/i18n';
import { translator } from '@deklarant/i18n/node';

/** Tiny server-rendered pages for the sandbox gateways (no scripts: the CSP allows forms to self only). */
export const esc = (s: unknown) =>
  String(s ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

export function hidden(fields: Record<string, string | undefined>): string {
  return Object.entries(fields)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`)
    .join('');
}

/** The sandbox catalogue's text in `lng`, HTML-escaped for a page. */
export const sandboxText = (lng: Language, key: string, params?: Record<string, unknown>) =>
  esc(translator().t(lng, `sandbox:${key}`, params));

/** A sandbox page in `lng` (req.lang: the browser opens these pages itself, the `lang` cookie or Accept-Language). */
export function sandboxPage(title: string, body: string, lng: Language = 'ru'): string {
  return `<!doctype html><html lang="${lng}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(title)}</title>
<style>
body{margin:0;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f1f3f5;color:#212529}
main{max-width:440px;margin:40px auto;padding:24px;background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(0,0,0,.08)}
h1{font-size:20px;margin:0 0 4px} .note{font-size:13px;color:#868e96;margin:0 0 16px}
.badge{display:inline-block;font-size:12px;background:#fff3bf;color:#5c3c00;border-radius:6px;padding:2px 8px;margin-bottom:12px}
dl{display:grid;grid-template-columns:auto 1fr;gap:6px 12px;margin:0 0 16px} dt{color:#868e96} dd{margin:0;font-weight:600}
label{display:block;font-size:14px;margin:12px 0 4px} input[type=text]{width:100%;box-sizing:border-box;padding:10px;border:1px solid #ced4da;border-radius:8px;font-size:16px}
.row{display:flex;gap:8px} .row>*{flex:1}
.actions{display:flex;gap:12px;margin-top:20px;flex-wrap:wrap} button{flex:1;min-width:140px;padding:12px;border-radius:8px;border:0;font-size:16px;cursor:pointer}
.primary{background:#1c7ed6;color:#fff} .secondary{background:#e9ecef;color:#212529} .error{color:#c92a2a}
@media (max-width:480px){main{margin:0;border-radius:0;min-height:100vh}}
</style></head><body><main>${body}</main></body></html>`;
}
