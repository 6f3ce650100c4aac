import { compile } from 'html-to-text';

/**
 * The text/plain part of an HTML message (merges and template drafts): html-to-text, compiled once
 * (its fast path for many messages); images are dropped (the open pixel has no text). Lines are
 * not wrapped: a reader's client wraps them to its window, and a merge's text part can then be
 * converted once for all its recipients (docs/decisions/417-sending-text-part-compiled-once.md).
 */
export const htmlToText = compile({ wordwrap: false, selectors: [{ selector: 'img', format: 'skip' }] });
