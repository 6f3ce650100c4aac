import { PRODUCT_NAME } from '@mergedesk/domain/constants';

/** Spec 002 §2.11 / §8 "Public pages": the error copy of the public result pages (its spelling kept). */
export const TRACKING_ERROR_TITLE = 'Sorry, an error ocurred';
export const INVALID_LINK_TEXT = 'This link is not valid. Please check that you opened the complete link.';

/** A 1×1 transparent GIF: the open pixel. */
export const TRANSPARENT_GIF = Buffer.from(
  'R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7',
  'base64',
);

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The small page a recipient sees when a tracking link is broken (no redirect, no details). */
export function trackingErrorPage(message: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(TRACKING_ERROR_TITLE)} · ${escapeHtml(PRODUCT_NAME)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#222}</style>
</head>
<body><main><h1>${escapeHtml(TRACKING_ERROR_TITLE)}</h1><p>${escapeHtml(message)}</p></main></body>
</html>
`;
}
