/**
 * The sign-in page of the browser flow: the product's name, a form readable without any download
 * (the styles are inline), and on a refused attempt the same form with the message and the email
 * kept. Its Content-Security-Policy allows that one style block by its hash and nothing else inline.
 */
import crypto from 'node:crypto';

export const PRODUCT_NAME = 'Funding Data API';

const STYLE = [
  ':root{color-scheme:light dark;--fg:#1b1f24;--bg:#f6f7f9;--card:#fff;--line:#d0d5dc;--accent:#0b57d0;--err:#b3261e}',
  '@media (prefers-color-scheme:dark){:root{--fg:#e6e8eb;--bg:#15181c;--card:#1f2328;--line:#3a4048;--accent:#8ab4f8;--err:#f2b8b5}}',
  '*{box-sizing:border-box}',
  'body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:var(--bg);color:var(--fg);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}',
  'main{width:100%;max-width:24rem;margin:1rem;padding:2rem;background:var(--card);border:1px solid var(--line);border-radius:12px}',
  'h1{margin:0;font-size:1.4rem}',
  'p.lead{margin:.25rem 0 1.5rem;opacity:.75}',
  'label{display:block;font-weight:600;font-size:.9rem}',
  'input:not([type=hidden]){display:block;width:100%;margin:.35rem 0 1rem;padding:.6rem .7rem;font:inherit;font-weight:400;color:inherit;background:transparent;border:1px solid var(--line);border-radius:8px}',
  'input:focus{outline:2px solid var(--accent);outline-offset:1px}',
  'button{width:100%;padding:.65rem;font:inherit;font-weight:600;border-radius:8px;cursor:pointer}',
  'button.primary{color:#fff;background:var(--accent);border:0}',
  'button.secondary{margin-top:.75rem;color:inherit;background:transparent;border:1px solid var(--line)}',
  '.error{margin:0 0 1rem;padding:.6rem .75rem;color:var(--err);border:1px solid currentColor;border-radius:8px}',
].join('');

export const SIGN_IN_CSP = `default-src 'none'; style-src 'sha256-${crypto.createHash('sha256').update(STYLE).digest('base64')}'; form-action 'self'; frame-ancestors 'none'`;

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The authorization request's parameters, carried through the form. */
const CARRIED = ['client_id', 'redirect_uri', 'response_type', 'code_challenge', 'code_challenge_method', 'state'];

export function signInPage(params: Record<string, string>, opts: { error?: string; email?: string } = {}): string {
  const hidden = CARRIED.map((k) => `<input type="hidden" name="${k}" value="${esc(params[k] ?? '')}">`).join('');
  const error = opts.error ? `<p class="error" role="alert">${esc(opts.error)}</p>` : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in · ${PRODUCT_NAME}</title><style>${STYLE}</style></head>
<body><main><h1>${PRODUCT_NAME}</h1><p class="lead">Sign in to continue</p>${error}
<form method="post" action="/authorize">${hidden}
<label>Email<input name="username" type="email" autocomplete="username" required value="${esc(opts.email ?? '')}"${opts.email ? '' : ' autofocus'}></label>
<label>Password<input name="password" type="password" autocomplete="current-password" required${opts.email ? ' autofocus' : ''}></label>
<button class="primary" type="submit">Sign in</button></form>
<form method="post" action="/authorize">${hidden}<input type="hidden" name="guest" value="1"><button class="secondary" type="submit">Continue as guest</button></form>
</main></body></html>`;
}
