import { randomUUID } from 'node:crypto';
import { encode as base64Encode, wrap as base64Wrap } from 'nodemailer/lib/base64';
import MailComposer from 'nodemailer/lib/mail-composer';
import { buildHeaderValue, foldLines, hasLongerLines, isPlainText } from 'nodemailer/lib/mime-funcs';
import MimeNode, { type MimeNodeHeaderValue } from 'nodemailer/lib/mime-node';
import { encode as qpEncode, wrap as qpWrap } from 'nodemailer/lib/qp';

/** One message to one recipient, as the Gmail API takes it (users.messages.send / drafts.create). */
export type MailMessage = {
  from: { name: string; address: string };
  /** Empty for a draft that has no recipient yet. */
  to: string;
  cc?: readonly string[];
  bcc?: readonly string[];
  subject: string;
  html: string;
  text: string;
  /** The Message-ID header, without angle brackets (e.g. `<uuid>@mergedesk.example` minus the brackets). */
  messageId: string;
  /** The extra headers a merge's message carries (RFC 2369, RFC 8058), kept verbatim. */
  headers?: Readonly<Partial<Record<'List-Unsubscribe' | 'List-Unsubscribe-Post', string>>>;
};

/** nodemailer's line length for quoted-printable and base64 bodies (its encoders' default). */
const LINE_LENGTH = 76;

/**
 * The RFC 5322 source of `message`, as nodemailer's MailComposer builds it: UTF-8 subject and
 * display names as encoded words, multipart/alternative with the text part first and the HTML part
 * last (the preferred one, RFC 2046 §5.1.4), Message-ID as given. Bcc stays in the source: Gmail
 * reads the recipients from the headers of a raw message and removes Bcc itself before delivery.
 *
 * Every header value is encoded and folded by nodemailer (MimeNode.encodeHeaderValue, foldLines)
 * and every body by its qp and base64 encoders; only the message's frame is written here, in the
 * order MailComposer gives it, without building its tree of nodes per message (a merge composes
 * one message per recipient: docs/decisions/400-sending-mime-without-streams.md and
 * 414-sending-compiled-merge-message.md). A message without both parts goes through MailComposer's
 * tree. mime.test.ts checks the bytes against MimeNode.build's for every kind of content.
 */
export function composeMime(
  message: MailMessage,
  options: { date?: Date; baseBoundary?: string } = {},
): Buffer {
  if (message.text === '' || message.html === '') {
    const source = writeNode(compileMime(message, options));
    // MimeNode.build ends the message with a line break (its LastNewline transform).
    return Buffer.from(source.endsWith('\n') ? source : `${source}\r\n`, 'utf8');
  }
  // A random part per message, as MailComposer's randomBytes(8) hex; randomUUID draws from a
  // buffered pool, where randomBytes asks the system each time (2 µs a call alone, 17 µs a
  // message in the sending bench's profile).
  const boundary = `--_NmP-${options.baseBoundary ?? randomUUID().replaceAll('-', '')}-Part_1`;
  const lines: string[] = [];
  const header = (key: string, value: MimeNodeHeaderValue, constantAs?: string) => {
    const line = constantAs === undefined ? headerLine(key, value) : constantLine(key, value, constantAs);
    if (line !== '') lines.push(line);
  };
  for (const [key, value] of Object.entries(message.headers ?? {}))
    header(key, value, key === 'List-Unsubscribe-Post' ? value : undefined);
  header(
    'From',
    { name: message.from.name, address: message.from.address },
    `${message.from.name}\n${message.from.address}`,
  );
  if (message.to !== '') header('To', message.to);
  if (message.cc && message.cc.length > 0) header('Cc', [...message.cc]);
  if (message.bcc && message.bcc.length > 0) header('Bcc', [...message.bcc]);
  header('Subject', message.subject);
  header('Message-ID', `<${message.messageId}>`);
  const date = (options.date ?? new Date()).toUTCString().replace(/GMT/, '+0000');
  header('Date', date, date);
  header('MIME-Version', '1.0', '1.0');
  // A boundary given for many messages (a merge's): its header line is written once.
  header(
    'Content-Type',
    buildHeaderValue({ value: 'multipart/alternative', params: { boundary } }),
    options.baseBoundary === undefined ? undefined : boundary,
  );
  return Buffer.from(
    `${lines.join('\r\n')}\r\n\r\n` +
      `--${boundary}\r\n${textPart('text/plain; charset=utf-8', message.text)}` +
      `\r\n--${boundary}\r\n${textPart('text/html; charset=utf-8', message.html)}` +
      `\r\n--${boundary}--\r\n`,
    'utf8',
  );
}

/** Encodes header values as a message's node does (no state of a message is kept in it). */
const headerEncoder = new MimeNode();

/**
 * Its header keys normalized once each: encodeHeaderValue normalizes the key it is given on every
 * call (a chain of regular expressions), and a merge writes the same few keys in every message.
 * The keys are this module's own (a handful); the memo stops growing at KEYS_KEPT all the same.
 */
const keyNormalizer = headerEncoder as unknown as { _normalizeHeaderKey: (key: string) => string };
const normalizeKey = keyNormalizer._normalizeHeaderKey.bind(headerEncoder);
const normalizedKeys = new Map<string, string>();
const KEYS_KEPT = 64;
keyNormalizer._normalizeHeaderKey = (key) => {
  let normalized = normalizedKeys.get(key);
  if (normalized === undefined) {
    normalized = normalizeKey(key);
    if (normalizedKeys.size < KEYS_KEPT) normalizedKeys.set(key, normalized);
  }
  return normalized;
};

/** One header's line as MimeNode writes it (value encoded, line folded); '' for an empty value. */
function headerLine(key: string, value: MimeNodeHeaderValue): string {
  const encoded = headerEncoder.encodeHeaderValue(key, value);
  return encoded.trim() === '' ? '' : foldLines(`${key}: ${encoded}`, LINE_LENGTH);
}

/**
 * The lines of headers that many messages share (a merge's From, the second's Date, MIME-Version,
 * List-Unsubscribe-Post), by header and `identity` (what the value is made of): encoded once each
 * rather than per message (addressparser, punycode and encoded words for From). headerLine is a
 * function of its arguments only, so a line kept is the line it would write. Bounded: emptied at
 * CONSTANT_LINES_KEPT lines.
 */
const constantLines = new Map<string, string>();
const CONSTANT_LINES_KEPT = 1000;
function constantLine(key: string, value: MimeNodeHeaderValue, identity: string): string {
  const memoKey = `${key}\n${identity}`;
  let line = constantLines.get(memoKey);
  if (line === undefined) {
    if (constantLines.size >= CONSTANT_LINES_KEPT) constantLines.clear();
    line = headerLine(key, value);
    constantLines.set(memoKey, line);
  }
  return line;
}

/** A text part as MimeNode writes it: Content-Type, the transfer encoding it picks, the encoded body. */
function textPart(contentType: string, content: string): string {
  const transferEncoding = textTransferEncoding(content);
  return `Content-Type: ${contentType}\r\nContent-Transfer-Encoding: ${transferEncoding}\r\n\r\n${encodeBody(content, transferEncoding)}`;
}

/**
 * MimeNode's choice for a text part (getTransferEncoding): 7bit for ASCII with short lines, else
 * quoted-printable when Latin letters outnumber the other characters, else base64.
 */
function textTransferEncoding(content: string): string {
  if (isPlainText(content)) {
    if (!hasLongerLines(content, LINE_LENGTH)) return '7bit';
    // Plain text has none of the other characters: any Latin letter outnumbers them.
    return /[A-Za-z]/.test(content) ? 'quoted-printable' : 'base64';
  }
  let latin = 0;
  let other = 0;
  for (let i = 0; i < content.length; i += 1) {
    const code = content.charCodeAt(i);
    if (code <= 0x08 || code === 0x0b || code === 0x0c || (code >= 0x0e && code <= 0x1f) || code >= 0x80)
      other += 1;
    else if ((code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a)) latin += 1;
  }
  return other < latin ? 'quoted-printable' : 'base64';
}

function encodeBody(content: string | Buffer, transferEncoding: string | false): string {
  if (transferEncoding === 'quoted-printable') return qpWrap(qpEncode(content), LINE_LENGTH);
  if (transferEncoding === 'base64') return base64Wrap(base64Encode(content), LINE_LENGTH);
  return content.toString();
}

/** MailComposer's tree of the message (exported for the test that compares with its own build). */
export function compileMime(
  message: MailMessage,
  options: { date?: Date; baseBoundary?: string } = {},
): MimeNode {
  const node = new MailComposer({
    from: { name: message.from.name, address: message.from.address },
    ...(message.to === '' ? {} : { to: message.to }),
    ...(message.cc && message.cc.length > 0 ? { cc: [...message.cc] } : {}),
    ...(message.bcc && message.bcc.length > 0 ? { bcc: [...message.bcc] } : {}),
    subject: message.subject,
    text: message.text,
    html: message.html,
    messageId: `<${message.messageId}>`,
    headers: { ...message.headers },
    ...(options.date ? { date: options.date } : {}),
    ...(options.baseBoundary ? { baseBoundary: options.baseBoundary } : {}),
    // The headers of a generated message may carry only what MailComposer itself checks (no raw
    // line breaks): a value with CR/LF is folded or encoded, never a header of its own.
    disableFileAccess: true,
    disableUrlAccess: true,
  }).compile();
  // Gmail delivers to the Bcc addresses of the raw message (and strips the header): keep it.
  node.keepBcc = true;
  return node;
}

/** One node as MimeNode.stream writes it: headers, blank line, encoded content, then its children. */
function writeNode(node: MimeNode): string {
  const transferEncoding = node.getTransferEncoding();
  let source = `${node.buildHeaders()}\r\n\r\n`;
  const { content } = node;
  if (typeof content === 'string' || Buffer.isBuffer(content)) {
    source += encodeBody(content, transferEncoding);
  } else if (content !== undefined) {
    // Streams, files and URLs (attachments) are not part of the messages MergeDesk writes.
    throw new Error('composeMime writes string and Buffer contents only');
  }
  if (node.multipart && typeof node.boundary === 'string') {
    node.childNodes.forEach((child, i) => {
      source += `${i > 0 ? '\r\n' : ''}--${node.boundary}\r\n${writeNode(child)}`;
    });
    source += `\r\n--${node.boundary}--\r\n`;
  }
  return source;
}
