import { createHash } from 'node:crypto';

import { headerValue } from './parse';
import type { DeliveredMessage } from './store';

/** Escapes text for HTML element content and quoted attribute values. */
function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

const style = `
*,*::before,*::after{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#1f1f1f;background:#f6f8fc}
header,main{max-width:60rem;margin:0 auto;padding:1rem}
h1{font-size:1.5rem;font-weight:500;margin:.5rem 0;overflow-wrap:anywhere}
h2{font-size:1.125rem;font-weight:500;margin:1.5rem 0 .5rem;overflow-wrap:anywhere}
a{color:#0b57d0}
a:focus-visible,button:focus-visible,select:focus-visible,summary:focus-visible{outline:3px solid #0b57d0;outline-offset:2px}
.note{color:#444746;font-size:.875rem;margin:0}
form{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center}
select,button{font:inherit;padding:.375rem .5rem;max-width:100%}
ol{list-style:none;margin:0;padding:0;background:#fff;border-radius:.5rem;border:1px solid #dadce0}
li{padding:.625rem .75rem;border-bottom:1px solid #dadce0;display:flex;flex-direction:column;min-width:0}
li:last-child{border-bottom:0}
li a{font-weight:500;overflow-wrap:anywhere}
li span{color:#444746;font-size:.875rem;overflow-wrap:anywhere}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem .75rem;margin:0;background:#fff;padding:.75rem;border-radius:.5rem;border:1px solid #dadce0}
dt{font-weight:500;color:#444746}
dd{margin:0;overflow-wrap:anywhere;min-width:0}
iframe{display:block;width:100%;height:70vh;border:1px solid #dadce0;border-radius:.5rem;background:#fff}
details{margin:1rem 0;background:#fff;border:1px solid #dadce0;border-radius:.5rem;padding:.5rem .75rem}
summary{cursor:pointer;font-weight:500}
pre{white-space:pre-wrap;overflow-wrap:anywhere;font-size:.8125rem;margin:.5rem 0 0}
@media (max-width:30rem){dl{grid-template-columns:1fr}dd{margin-bottom:.25rem}}
`;

/**
 * The page itself runs no script and loads nothing but its own style and the message frame. The
 * message is framed from its own URL, not `srcdoc`: a srcdoc frame inherits this policy, which
 * would block the e-mail's images (the open pixel) and inline styles.
 */
const pageCsp = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(style).digest('base64')}'`,
  "frame-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The e-mail as a mail client shows it: images and styles from anywhere, no script, its own opaque
 * origin (sandbox), links opening in a new tab outside the sandbox.
 */
const bodyCsp = [
  "default-src 'none'",
  'img-src * data: blob:',
  "style-src * 'unsafe-inline'",
  'font-src * data:',
  "frame-ancestors 'self'",
  'sandbox allow-popups allow-popups-to-escape-sandbox',
].join('; ');

const SANDBOX = 'allow-popups allow-popups-to-escape-sandbox';

const page = (title: string, content: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${style}</style>
</head>
<body>
${content}
</body>
</html>
`;

const recipientsOf = (message: DeliveredMessage): string[] => [
  ...new Set([...message.to, ...message.cc, ...message.bcc].map((address) => address.toLowerCase())),
];

const subjectOf = (message: DeliveredMessage) => (message.subject === '' ? '(no subject)' : message.subject);

const messageItem = (message: DeliveredMessage) => `<li>
<a href="/messages/${escapeHtml(message.id)}">${escapeHtml(subjectOf(message))}</a>
<span>From ${escapeHtml(headerValue(message.headers, 'From') ?? message.from)} · <time datetime="${escapeHtml(message.sentAt)}">${escapeHtml(message.sentAt.replace('T', ' ').replace(/\.\d+Z$/, ' UTC'))}</time></span>
</li>`;

/** Every delivered message, newest first, grouped per recipient; `to` shows one recipient only. */
export function renderMailboxPage(
  messages: DeliveredMessage[],
  to: string | undefined,
): { html: string; csp: string } {
  const newestFirst = [...messages].reverse();
  const byRecipient = new Map<string, DeliveredMessage[]>();
  for (const message of newestFirst) {
    for (const recipient of recipientsOf(message)) {
      const list = byRecipient.get(recipient) ?? [];
      list.push(message);
      byRecipient.set(recipient, list);
    }
  }
  const recipients = [...byRecipient.keys()].sort((a, b) => a.localeCompare(b));
  const selected = to === undefined || to === '' ? undefined : to.toLowerCase();
  const shown =
    selected === undefined ? recipients : recipients.filter((recipient) => recipient === selected);
  const picker =
    recipients.length === 0
      ? ''
      : `<form method="get" action="/">
<label for="to">Recipient</label>
<select id="to" name="to">
<option value="">All recipients</option>
${recipients.map((recipient) => `<option value="${escapeHtml(recipient)}"${recipient === selected ? ' selected' : ''}>${escapeHtml(recipient)} (${byRecipient.get(recipient)!.length})</option>`).join('\n')}
</select>
<button type="submit">Show</button>
</form>`;
  const sections = shown
    .map(
      (recipient, index) => `<section aria-labelledby="recipient-${index}">
<h2 id="recipient-${index}">${escapeHtml(recipient)}</h2>
<ol>
${byRecipient.get(recipient)!.map(messageItem).join('\n')}
</ol>
</section>`,
    )
    .join('\n');
  const empty =
    messages.length === 0
      ? '<p>No message has been sent yet.</p>'
      : shown.length === 0
        ? `<p>No message to ${escapeHtml(selected ?? '')}.</p>`
        : '';
  const html = page(
    selected === undefined ? 'Mailbox · Gmail stand-in' : `${selected} · Gmail stand-in`,
    `<header>
<h1>Mailbox</h1>
<p class="note">Gmail stand-in: ${messages.length} ${messages.length === 1 ? 'message' : 'messages'} delivered here, to ${recipients.length} ${recipients.length === 1 ? 'recipient' : 'recipients'}, newest first. Nothing leaves this machine.</p>
</header>
<main>
${picker}
${selected === undefined ? '' : '<p><a href="/">All recipients</a></p>'}
${empty}
${sections}
</main>`,
  );
  return { html, csp: pageCsp };
}

const addressRow = (label: string, addresses: string[]) =>
  addresses.length === 0 ? '' : `<dt>${label}</dt><dd>${escapeHtml(addresses.join(', '))}</dd>`;

/** One message: its envelope, the rendered body in a sandboxed frame, the text part and the raw headers. */
export function renderMessagePage(message: DeliveredMessage): { html: string; csp: string } {
  const rawHeaders = message.raw.split(/\r?\n\r?\n/)[0] ?? '';
  const firstRecipient = recipientsOf(message)[0];
  const html = page(
    `${subjectOf(message)} · Gmail stand-in`,
    `<header>
<p><a href="/">All messages</a>${firstRecipient === undefined ? '' : ` · <a href="/?to=${encodeURIComponent(firstRecipient)}">Mail to ${escapeHtml(firstRecipient)}</a>`}</p>
<h1>${escapeHtml(subjectOf(message))}</h1>
</header>
<main>
<dl>
<dt>From</dt><dd>${escapeHtml(headerValue(message.headers, 'From') ?? message.from)}</dd>
${addressRow('To', message.to)}
${addressRow('Cc', message.cc)}
${addressRow('Bcc', message.bcc)}
<dt>Sent</dt><dd><time datetime="${escapeHtml(message.sentAt)}">${escapeHtml(message.sentAt)}</time></dd>
<dt>Sent by account</dt><dd>${escapeHtml(message.mailbox)}</dd>
<dt>Gmail id</dt><dd>${escapeHtml(message.id)}</dd>
</dl>
<h2>Message</h2>
<iframe title="Message body: ${escapeHtml(subjectOf(message))}" src="/messages/${escapeHtml(message.id)}/body" sandbox="${SANDBOX}" referrerpolicy="no-referrer"></iframe>
${message.text === null ? '' : `<details><summary>Plain-text part</summary><pre>${escapeHtml(message.text)}</pre></details>`}
<details><summary>Raw headers</summary><pre>${escapeHtml(rawHeaders)}</pre></details>
<p><a href="/messages/${escapeHtml(message.id)}/raw">Raw source</a></p>
</main>`,
  );
  return { html, csp: pageCsp };
}

/** The framed e-mail: its HTML as sent, with links opening in a new tab; a text-only message as text. */
export function renderMessageBody(message: DeliveredMessage): { html: string; csp: string } {
  const base = '<base target="_blank">';
  if (message.html === null) {
    return {
      html: `<!doctype html><html><head><meta charset="utf-8">${base}</head><body><pre style="white-space:pre-wrap;font:14px/1.5 monospace">${escapeHtml(message.text ?? '')}</pre></body></html>`,
      csp: bodyCsp,
    };
  }
  const html = /<head[^>]*>/i.test(message.html)
    ? message.html.replace(/<head[^>]*>/i, (head) => `${head}${base}`)
    : `${base}${message.html}`;
  return { html, csp: bodyCsp };
}
