import libmime from 'libmime';
import type { AddressObject, EmailAddress } from 'mailparser';
import { simpleParser } from 'mailparser';

/** What the emulator reads out of an RFC 5322 message (the raw source stays as received). */
export type ParsedRaw = {
  from: { address: string; name: string } | null;
  to: string[];
  cc: string[];
  bcc: string[];
  subject: string;
  /** Header name as written -> unfolded value with encoded words decoded; repeated headers joined by ', '. */
  headers: Record<string, string>;
  html: string | null;
  text: string | null;
  inReplyTo: string[];
};

const flatten = (addresses: EmailAddress[]): EmailAddress[] =>
  addresses.flatMap((entry) => (entry.group === undefined ? [entry] : flatten(entry.group)));

const addressesOf = (field: AddressObject | AddressObject[] | undefined): string[] =>
  (field === undefined ? [] : Array.isArray(field) ? field : [field])
    .flatMap((object) => flatten(object.value))
    .map((entry) => entry.address ?? '')
    .filter((address) => address !== '');

/** `<a@b>` or `a@b` -> `a@b`: the key `rfc822msgid:` searches compare. */
export const bareMessageId = (value: string): string => value.trim().replace(/^<(.*)>$/, '$1');

export const headerValue = (headers: Record<string, string>, name: string): string | undefined => {
  const wanted = name.toLowerCase();
  return Object.entries(headers).find(([key]) => key.toLowerCase() === wanted)?.[1];
};

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** Header lines come as one character per byte: 8-bit UTF-8 (RFC 6532 headers) is read as UTF-8. */
const fromHeaderBytes = (line: string): string => {
  // eslint-disable-next-line no-control-regex -- any byte outside ASCII
  if (!/[^\x00-\x7f]/.test(line)) return line;
  try {
    return strictUtf8.decode(Buffer.from(line, 'latin1'));
  } catch {
    return line;
  }
};

export async function parseRaw(raw: Buffer): Promise<ParsedRaw> {
  const parsed = await simpleParser(raw, {
    skipHtmlToText: true,
    skipImageLinks: true,
    skipTextToHtml: true,
    keepCidLinks: true,
  });
  const headers: Record<string, string> = {};
  for (const { line: bytes } of parsed.headerLines) {
    const line = fromHeaderBytes(bytes);
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim();
    const value = libmime.decodeWords(
      line
        .slice(colon + 1)
        .replace(/\r?\n[ \t]+/g, ' ')
        .trim(),
    );
    const existing = Object.keys(headers).find((key) => key.toLowerCase() === name.toLowerCase());
    if (existing === undefined) headers[name] = value;
    else headers[existing] = `${headers[existing]}, ${value}`;
  }
  const sender = parsed.from === undefined ? undefined : flatten(parsed.from.value)[0];
  const references = [headerValue(headers, 'In-Reply-To') ?? '', headerValue(headers, 'References') ?? '']
    .join(' ')
    .split(/\s+/)
    .filter((id) => id !== '')
    .map(bareMessageId);
  return {
    from:
      sender?.address === undefined || sender.address === ''
        ? null
        : { address: sender.address, name: sender.name },
    to: addressesOf(parsed.to),
    cc: addressesOf(parsed.cc),
    bcc: addressesOf(parsed.bcc),
    subject: parsed.subject ?? '',
    headers,
    html: typeof parsed.html === 'string' ? parsed.html : null,
    text: parsed.text ?? null,
    inReplyTo: references,
  };
}
