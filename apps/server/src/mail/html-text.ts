import { compile } from 'html-to-text';

/**
 * The text/plain part of an HTML message (merges and template drafts): html-to-text, compiled once
 * (its fast path for many messages); images are dropped (the open pixel has no text).
 */
export const htmlToText = compile({ wordwrap: 100, selectors: [{ selector: 'img', format: 'skip' }] });
