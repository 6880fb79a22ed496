import type { Texts } from './i18n';

/** Escapes text for HTML element content and double-quoted attributes. */
export function esc(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

/** Tagged template that escapes every interpolation unless it is already `Html`. */
export class Html {
  constructor(readonly value: string) {}
  toString() {
    return this.value;
  }
}
export function html(strings: TemplateStringsArray, ...values: unknown[]): Html {
  let out = strings[0];
  values.forEach((v, i) => {
    const part = Array.isArray(v) ? v.map((x) => (x instanceof Html ? x.value : esc(x))).join('') : v instanceof Html ? v.value : esc(v);
    out += part + strings[i + 1];
  });
  return new Html(out);
}

export const STYLESHEET = `
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;max-width:42rem;margin:2rem auto;padding:0 1rem;line-height:1.5;color:#1a1a1a}
header,footer{display:flex;gap:1rem;align-items:center;flex-wrap:wrap;border-bottom:1px solid #ddd;padding-bottom:.5rem;margin-bottom:1rem}
footer{border:0;border-top:1px solid #ddd;margin-top:2rem;padding-top:.5rem}
label{display:block;margin:.75rem 0 .25rem;font-weight:600}
label.inline{display:inline;margin:0}
input[type=text],input[type=email],input[type=password],input[type=url],textarea{width:100%;padding:.5rem;font-size:1rem;box-sizing:border-box}
button{padding:.5rem 1rem;font-size:1rem;margin:.5rem .5rem 0 0;cursor:pointer}
.error{color:#a00000;border:1px solid #a00000;padding:.5rem}
.notice{background:#fff7d6;border:1px solid #c9a400;padding:.5rem;word-break:break-all}
fieldset{border:1px solid #ccc;margin:1rem 0}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:.4rem;text-align:left;vertical-align:top}
code{word-break:break-all}
.sr-only{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
:focus-visible{outline:3px solid #1a5fb4;outline-offset:2px}
`;

export function page(t: Texts, title: string, body: Html, nav?: { locale: string; csrf: string; email: string }): string {
  const header = nav
    ? html`<header>
        <nav aria-label="main">
          <a href="/${nav.locale}/account">${t.home}</a> · <a href="/${nav.locale}/connections">${t.connections}</a> ·
          <a href="/${nav.locale}/developers">${t.developers}</a>
        </nav>
        <form method="post" action="/${nav.locale}/logout">
          <input type="hidden" name="_csrf" value="${nav.csrf}" /><span>${t.signedInAs(nav.email)}</span> <button type="submit">${t.logout}</button>
        </form>
      </header>`
    : html``;
  return `<!doctype html>
<html lang="${esc(t.lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)} · ${esc(t.title)}</title><link rel="stylesheet" href="/assets/entity.css"></head>
<body>${header}<main><h1>${esc(title)}</h1>
${body}</main></body></html>`;
}
