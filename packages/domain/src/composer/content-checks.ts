import { emptyMarkers, unknownMarkers } from '../sending/markers';

/**
 * What the composer flags in the subject and body before sending (issue 25 "Content"), by the
 * engine's marker rules (sending/markers): markers that name no column of the file (the engine
 * refuses the merge with them), and recipients for whom a marker renders empty (sent, but flagged).
 */

export type ContentChecks = {
  /** Markers that are no column, in first-seen order. */
  unknown: string[];
  /** Recipients with at least one marker rendering empty: their row and the markers. */
  emptyValues: { index: number; markers: string[] }[];
  /** The subject or the body is empty. */
  missingSubject: boolean;
  missingBody: boolean;
};

export function checkContent(input: {
  subject: string;
  htmlBody: string;
  columns: readonly string[];
  rows: readonly Readonly<Record<string, string>>[];
}): ContentChecks {
  const templates = [input.subject, input.htmlBody];
  const unknown = unknownMarkers(templates, input.columns);
  const emptyValues = input.rows.flatMap((fields, index) => {
    // Unknown markers are reported once, as unknown, not again as empty for every row.
    const markers = emptyMarkers(templates, fields).filter((name) => !unknown.includes(name));
    return markers.length === 0 ? [] : [{ index, markers }];
  });
  return {
    unknown,
    emptyValues,
    missingSubject: input.subject.trim() === '',
    missingBody: input.htmlBody.trim() === '',
  };
}

/** The flag of recipients with empty values, e.g. '3 recipients have an empty {{First name}}.' */
export function emptyValuesMessage(emptyValues: ContentChecks['emptyValues']): string | null {
  if (emptyValues.length === 0) return null;
  const names = [...new Set(emptyValues.flatMap((row) => row.markers))].map((name) => `{{${name}}}`);
  const who =
    emptyValues.length === 1
      ? '1 recipient has'
      : `${emptyValues.length.toLocaleString('en-US')} recipients have`;
  return `${who} an empty ${names.join(', ')}: it is sent blank. Fill the cells or add a fallback, e.g. {{${emptyValues[0]?.markers[0] ?? 'Column'}|there}}.`;
}

export const SUBJECT_REQUIRED_MESSAGE = 'Enter a subject.';
export const BODY_REQUIRED_MESSAGE = 'Write the message, or pick a Gmail draft or a template.';
