import { createHash } from 'node:crypto';

import type { DemoAccount } from './accounts';

/** Escapes text for HTML element content and double- or single-quoted attribute values. */
export function escapeHtml(value: unknown): string {
  return String(value)
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

const style = `
*,*::before,*::after{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:flex-start;justify-content:center;padding:2rem 1rem;
  font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#1f1f1f;background:#f0f4f9}
main{width:100%;max-width:28rem;background:#fff;border-radius:1.75rem;padding:1.75rem 1.5rem;box-shadow:0 1px 3px rgba(60,64,67,.3)}
h1{font-size:1.5rem;font-weight:500;margin:0 0 .5rem}
h2{font-size:1rem;font-weight:500;margin:1.5rem 0 .5rem}
p{margin:0 0 .75rem}
.note{color:#444746;font-size:.875rem}
.error{color:#b3261e;font-weight:500}
ul{list-style:none;margin:0;padding:0;border-top:1px solid #dadce0}
li{position:relative;display:flex;align-items:center;gap:.75rem;padding:.75rem .5rem;border-bottom:1px solid #dadce0}
li:hover{background:#f1f3f4}
li:focus-within{outline:3px solid #0b57d0;outline-offset:-3px;border-radius:.5rem}
li img{flex:none;border-radius:50%}
.who{min-width:0;display:flex;flex-direction:column}
.name{font-weight:500}
.account{all:unset;cursor:pointer;color:#444746;font-size:.875rem;overflow-wrap:anywhere}
.account::after{content:"";position:absolute;inset:0}
.account:focus-visible{outline:none}
.actions{display:flex;justify-content:flex-end;gap:.5rem;margin-top:1.25rem}
.secondary,.primary{font:inherit;font-weight:500;border-radius:1.25rem;padding:.5rem 1.5rem;cursor:pointer;border:1px solid #747775}
.secondary{background:#fff;color:#0b57d0}
.primary{background:#0b57d0;color:#fff;border-color:#0b57d0}
.secondary:focus-visible,.primary:focus-visible{outline:3px solid #0b57d0;outline-offset:2px}
`;

/**
 * Pages carry no script and load nothing from another host; the style is allowed by its hash.
 * No form-action directive: Chromium applies it to the redirects after a form post, and the
 * sign-in form ends in a redirect to the relying party.
 */
export const contentSecurityPolicy = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(style).digest('base64')}'`,
  'img-src data:',
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

export function renderPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${style}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

export const composeScope = 'https://www.googleapis.com/auth/gmail.compose';
/** The sender's grant for mail merges: send only, with offline access (a refresh token). */
export const sendScope = 'https://www.googleapis.com/auth/gmail.send';

export type SignInPageOptions = {
  accounts: readonly DemoAccount[];
  /** Path the account buttons post to (the interaction's login endpoint). */
  loginAction: string;
  /** Path the Cancel button posts to. */
  abortAction: string;
  clientName: string;
  requestedScopes: readonly string[];
  /** The request asked for offline access (a refresh token), Google's `access_type=offline`. */
  offline?: boolean;
  error?: string;
};

export function renderSignInPage(options: SignInPageOptions): string {
  const clientName = escapeHtml(options.clientName);
  const asksForCompose = options.requestedScopes.includes(composeScope);
  const asksForSend = options.requestedScopes.includes(sendScope);
  const items = options.accounts
    .map((account) => {
      const nameId = `name-${escapeHtml(account.sub)}`;
      const avatar =
        account.picture === null
          ? ''
          : `<img src="${escapeHtml(account.picture)}" alt="" width="40" height="40">`;
      // The button's accessible name is exactly the e-mail address; the person's name is outside it
      // and linked as its description. The button's ::after covers the row, so the row is clickable.
      return `<li>${avatar}<div class="who"><span class="name" id="${nameId}">${escapeHtml(account.name)}</span><button type="submit" class="account" name="email" value="${escapeHtml(account.email)}" aria-describedby="${nameId}">${escapeHtml(account.email)}</button></div></li>`;
    })
    .join('\n');

  return renderPage(
    'Choose an account',
    `<h1>Sign in with Google (local)</h1>
<p class="note">This is the local stand-in for Google sign-in, used in development and tests. Pick a demo account to continue to <strong>${clientName}</strong>; no password is needed.</p>
${asksForCompose ? `<p class="note">${clientName} also asks to manage drafts and send e-mails in Gmail (<code>gmail.compose</code>).</p>` : ''}
${asksForSend ? `<p class="note">${clientName} also asks to send e-mail as you (<code>gmail.send</code>)${options.offline ? ', also while you are away (offline access)' : ''}.</p>` : ''}
${options.error === undefined ? '' : `<p class="error" role="alert">${escapeHtml(options.error)}</p>`}
<h2 id="choose">Choose an account</h2>
<form method="post" action="${escapeHtml(options.loginAction)}">
<ul aria-labelledby="choose">
${items}
</ul>
</form>
<form method="post" action="${escapeHtml(options.abortAction)}" class="actions">
<button type="submit" class="secondary">Cancel</button>
</form>`,
  );
}

export function renderMessagePage(title: string, message: string): string {
  return renderPage(title, `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(message)}</p>`);
}

/** `form` is oidc-provider's own logout form markup (id "op.logoutForm"), trusted as is. */
export function renderLogoutPage(host: string, form: string): string {
  return renderPage(
    'Sign out',
    `<h1>Sign out of ${escapeHtml(host)}?</h1>
<p class="note">This ends your session at the local stand-in for Google sign-in.</p>
${form}
<div class="actions">
<button type="submit" class="secondary" form="op.logoutForm">No, stay signed in</button>
<button type="submit" class="primary" form="op.logoutForm" name="logout" value="yes" autofocus>Yes, sign me out</button>
</div>`,
  );
}
