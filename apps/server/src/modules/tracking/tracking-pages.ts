import { PRODUCT_NAME } from '@mergedesk/domain/constants';

/** Spec 002 §2.11 / §8 "Public pages": the error copy of the public result pages (its spelling kept). */
export const TRACKING_ERROR_TITLE = 'Sorry, an error ocurred';
export const INVALID_LINK_TEXT = 'This link is not valid. Please check that you opened the complete link.';

/** A 1×1 transparent GIF: the open pixel. */
export const TRANSPARENT_GIF = Buffer.from(
  'R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7',
  'base64',
);

/**
 * The headers of every tracking page, set by the tracking routes themselves (the open pixel and
 * click redirect skip helmet): the pages load nothing, run no script, keep their one inline style
 * and post only to their own URL.
 */
export const TRACKING_PAGE_HEADERS = {
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
} as const;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The small pages of the tracking endpoints: plain HTML, no script, no details. */
function trackingPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · ${escapeHtml(PRODUCT_NAME)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#222}button{font:inherit;padding:.5rem 1.25rem;cursor:pointer}.url{overflow-wrap:anywhere;font-family:ui-monospace,monospace;background:#f3f3f3;padding:.5rem}a{color:#0b57d0}</style>
</head>
<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body>
</html>
`;
}

/** The small page a recipient sees when a tracking link is broken (no redirect, no details). */
export function trackingErrorPage(message: string): string {
  return trackingPage(TRACKING_ERROR_TITLE, `<p>${escapeHtml(message)}</p>`);
}

export const DISABLED_LINK_TITLE = 'This link is no longer available';
const DISABLED_LINK_TEXT = 'The link in this message has been disabled.';

/** The neutral page of a link disabled for abuse: no redirect, no accusation, no details. */
export function disabledLinkPage(): string {
  return trackingPage(DISABLED_LINK_TITLE, `<p>${escapeHtml(DISABLED_LINK_TEXT)}</p>`);
}

const UNSUBSCRIBE_TITLE = 'Unsubscribe';
export const UNSUBSCRIBE_QUESTION = 'Do you want to stop receiving these emails?';
export const UNSUBSCRIBE_BUTTON = 'Unsubscribe';
/** The form field the confirmation button posts (the RFC 8058 one-click body is another). */
export const UNSUBSCRIBE_CONFIRM_FIELD = 'confirm';

/**
 * What GET on an unsubscribe link shows: a question and a button that POSTs to the same URL. Link
 * scanners and prefetchers follow GETs; only a person pressing the button unsubscribes.
 */
export function unsubscribeConfirmationPage(): string {
  return trackingPage(
    UNSUBSCRIBE_TITLE,
    `<p>${escapeHtml(UNSUBSCRIBE_QUESTION)}</p>
<form method="post"><input type="hidden" name="${UNSUBSCRIBE_CONFIRM_FIELD}" value="1"><button type="submit">${escapeHtml(UNSUBSCRIBE_BUTTON)}</button></form>`,
  );
}

export const LINK_WARNING_TITLE = 'Check this link before you continue';
const LINK_WARNING_TEXT = 'The link you clicked in an email leads to this address:';
export const LINK_WARNING_CAUTION =
  'This website is on our list of sites to be careful with. Continue only if you trust the sender and expected this link.';
const linkWarningContinueText = (host: string): string => `Continue to ${host}`;

/**
 * What a click on a link to a blocklisted host shows instead of the redirect
 * (docs/decisions/327-link-policy.md): the full destination, a warning and a plain link to go on;
 * nothing happens by itself. The destination is a normalised http(s) URL (tracking/links.ts).
 */
export function linkWarningPage(url: string, host: string): string {
  return trackingPage(
    LINK_WARNING_TITLE,
    `<p>${escapeHtml(LINK_WARNING_TEXT)}</p>
<p class="url">${escapeHtml(url)}</p>
<p>${escapeHtml(LINK_WARNING_CAUTION)}</p>
<p><a href="${escapeHtml(url)}" rel="noopener noreferrer">${escapeHtml(linkWarningContinueText(host))}</a></p>`,
  );
}
