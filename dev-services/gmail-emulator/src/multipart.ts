import { badRequest } from './errors';

/**
 * The parts of a `multipart/related` upload (Google's `uploadType=multipart`: the JSON resource,
 * then the media), as bytes without their part headers. RFC 2046: the CRLF before a delimiter
 * belongs to the delimiter.
 */
export function splitMultipartRelated(body: Buffer, contentType: string): Buffer[] {
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (boundary === undefined) throw badRequest('Multipart upload without a boundary.');
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: Buffer[] = [];
  let start = body.indexOf(delimiter);
  while (start !== -1) {
    const afterDelimiter = start + delimiter.length;
    if (body.subarray(afterDelimiter, afterDelimiter + 2).toString() === '--') break;
    const next = body.indexOf(delimiter, afterDelimiter);
    if (next === -1) break;
    let end = next;
    if (body.subarray(end - 2, end).toString() === '\r\n') end -= 2;
    const part = body.subarray(afterDelimiter, end);
    const headerEnd = part.indexOf('\r\n\r\n');
    parts.push(headerEnd === -1 ? Buffer.alloc(0) : part.subarray(headerEnd + 4));
    start = next;
  }
  if (parts.length < 2) throw badRequest('A multipart upload needs the resource and the media part.');
  return parts;
}
