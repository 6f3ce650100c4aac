/**
 * Merge markers of a mail merge's subject and body (issue 24 "Per recipient"): `{{Column}}` is
 * replaced by the recipient's value of that column, `{{Column|fallback}}` by the fallback when the
 * value is blank. Pure string rules, no zod (the web's composer reflects them).
 *
 * - Whitespace around the name and the fallback is trimmed: `{{ First name | there }}`.
 * - The first '|' separates the fallback, which may itself contain '|'.
 * - A name is matched to a column exactly, case included, after trimming
 *   (docs/decisions/370-merge-marker-matching.md).
 * - Text that is not a whole marker stays as it is: a `{{` without its `}}`, `{{}}`, `{{ |x}}`
 *   (no name), and braces inside a marker (`{{a{b}}`) are plain text.
 */

export type MergeMarker = {
  /** The column name, trimmed. */
  name: string;
  /** The fallback, trimmed; null when the marker has no '|'. '' for `{{Name|}}`. */
  fallback: string | null;
  /** The marker exactly as written, braces included. */
  raw: string;
};

export type RenderMode = 'html' | 'text';

/** `{{`, a name with no brace and no '|', optionally '|' and a fallback with no brace, `}}`. */
const MARKER_PATTERN = /\{\{([^{}|]*)(?:\|([^{}]*))?\}\}/g;

const markerOf = (raw: string, name: string, fallback: string | undefined): MergeMarker | null => {
  const trimmed = name.trim();
  if (trimmed === '') return null;
  return { name: trimmed, fallback: fallback === undefined ? null : fallback.trim(), raw };
};

/** Every marker of a template, in order of appearance (repeats included). */
export function findMarkers(template: string): MergeMarker[] {
  const markers: MergeMarker[] = [];
  for (const match of template.matchAll(MARKER_PATTERN)) {
    const marker = markerOf(match[0], match[1] ?? '', match[2]);
    if (marker !== null) markers.push(marker);
  }
  return markers;
}

/**
 * A merge whose subject or body names columns the sheet does not have is refused before anything
 * is sent (issue 24), with every unknown marker listed; the composer (issue 25) flags it first.
 */
export const unknownMarkersMessage = (names: readonly string[]): string =>
  `Unknown merge fields: ${names.map((name) => `{{${name}}}`).join(', ')}. Add these columns to the sheet or correct the markers.`;

const distinctInOrder = (names: Iterable<string>): string[] => [...new Set(names)];

/**
 * The distinct marker names of the templates (subject and body) that are not columns of the sheet,
 * in the order they are first seen: the merge is refused with this list before anything is sent.
 */
export function unknownMarkers(templates: readonly string[], columns: readonly string[]): string[] {
  const known = new Set(columns.map((column) => column.trim()));
  return distinctInOrder(
    templates.flatMap((template) => findMarkers(template).map((marker) => marker.name)),
  ).filter((name) => !known.has(name));
}

/**
 * A value counts as blank when it is missing or only whitespace (an empty cell): then the fallback
 * applies. Own properties only, so a column named 'constructor' is not found on every object.
 */
const valueOf = (fields: Readonly<Record<string, string>>, name: string): string | null => {
  if (!Object.hasOwn(fields, name)) return null;
  const value = fields[name];
  return typeof value === 'string' && value.trim() !== '' ? value : null;
};

/**
 * The marker names of the templates that render empty for this recipient (a blank value and no
 * fallback), distinct, in first-seen order: the composer flags them. A marker written once with a
 * fallback and once without is flagged (the bare one renders empty).
 */
export function emptyMarkers(
  templates: readonly string[],
  fields: Readonly<Record<string, string>>,
): string[] {
  return distinctInOrder(
    templates.flatMap((template) =>
      findMarkers(template)
        .filter((marker) => marker.fallback === null && valueOf(fields, marker.name) === null)
        .map((marker) => marker.name),
    ),
  );
}

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** The five characters that matter in HTML text and quoted attributes (OWASP XSS rule #1). */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);

/** A template cut at its markers: its text, and its markers in place, in order. */
export type TemplatePart = string | MergeMarker;

/**
 * The template's text and markers in order (the same markers findMarkers finds): a template
 * rendered for many recipients is cut once (renderParts per recipient). A `{{…}}` that is not a
 * marker stays in the text.
 */
export function templateParts(template: string): TemplatePart[] {
  const parts: TemplatePart[] = [];
  let text = '';
  let end = 0;
  for (const match of template.matchAll(MARKER_PATTERN)) {
    const marker = markerOf(match[0], match[1] ?? '', match[2]);
    if (marker === null) continue;
    text += template.slice(end, match.index);
    if (text !== '') parts.push(text);
    parts.push(marker);
    text = '';
    end = match.index + match[0].length;
  }
  text += template.slice(end);
  if (text !== '') parts.push(text);
  return parts;
}

/** A marker's text for the recipient: the value, else the fallback, else '' (escaped in 'html' mode). */
export function markerText(
  marker: MergeMarker,
  fields: Readonly<Record<string, string>>,
  mode: RenderMode,
): string {
  const value = valueOf(fields, marker.name) ?? marker.fallback ?? '';
  return mode === 'html' ? escapeHtml(value) : value;
}

/**
 * The template with every marker replaced: the recipient's value, else the fallback, else ''.
 * In 'html' mode values and fallbacks are HTML-escaped (a sheet cell is text, never markup: a
 * value '<b>' shows as '<b>'); in 'text' mode (subject, plain-text part) nothing is escaped.
 * Text outside markers is left untouched (the body's own HTML stays HTML).
 */
export const renderTemplate = (
  template: string,
  fields: Readonly<Record<string, string>>,
  mode: RenderMode,
): string => renderParts(templateParts(template), fields, mode);

/** renderTemplate over a template cut once (templateParts). */
export function renderParts(
  parts: readonly TemplatePart[],
  fields: Readonly<Record<string, string>>,
  mode: RenderMode,
): string {
  let rendered = '';
  for (const part of parts) rendered += typeof part === 'string' ? part : markerText(part, fields, mode);
  return rendered;
}

/**
 * The subject for one recipient: rendered as text, and every line break (CR, LF or CRLF) of the
 * result becomes one space, so a cell with a line break can neither inject a header nor fold the
 * subject line (RFC 5322 §2.2: a header field is one line).
 */
export const renderSubject = (template: string, fields: Readonly<Record<string, string>>): string =>
  subjectLine(renderTemplate(template, fields, 'text'));

/** A rendered subject on one line: every line break (CR, LF or CRLF) becomes one space. */
export const subjectLine = (rendered: string): string => rendered.replace(/\r\n|[\r\n]/g, ' ');
