import { encode as base64Encode, wrap as base64Wrap } from 'nodemailer/lib/base64';
import MailComposer from 'nodemailer/lib/mail-composer';
import type MimeNode from 'nodemailer/lib/mime-node';
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
  /** Extra headers, kept verbatim (List-Unsubscribe, List-Unsubscribe-Post, …). */
  headers?: Readonly<Record<string, string>>;
};

/** nodemailer's line length for quoted-printable and base64 bodies (its encoders' default). */
const LINE_LENGTH = 76;

/**
 * The RFC 5322 source of `message`, built by nodemailer's MailComposer: UTF-8 subject and display
 * names as encoded words, multipart/alternative with the text part first and the HTML part last
 * (the preferred one, RFC 2046 §5.1.4), Message-ID as given. Bcc stays in the source: Gmail
 * reads the recipients from the headers of a raw message and removes Bcc itself before delivery.
 *
 * The tree, its headers and the body encodings are nodemailer's (MailComposer.compile,
 * MimeNode.buildHeaders, its qp and base64 encoders); only the walk that writes them out is
 * ours, synchronous, instead of MimeNode.build's streams, which cost a merge about ten times
 * more CPU per message (docs/decisions/400-sending-mime-without-streams.md). mime.test.ts checks
 * that the bytes are the same as MimeNode.build's.
 */
export function composeMime(
  message: MailMessage,
  options: { date?: Date; baseBoundary?: string } = {},
): Buffer {
  const root = compileMime(message, options);
  const source = writeNode(root);
  // MimeNode.build ends the message with a line break (its LastNewline transform).
  return Buffer.from(source.endsWith('\n') ? source : `${source}\r\n`, 'utf8');
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
    if (transferEncoding === 'quoted-printable') source += qpWrap(qpEncode(content), LINE_LENGTH);
    else if (transferEncoding === 'base64') source += base64Wrap(base64Encode(content), LINE_LENGTH);
    else source += content.toString();
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
