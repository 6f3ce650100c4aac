import MailComposer from 'nodemailer/lib/mail-composer';

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

/**
 * The RFC 5322 source of `message`, built by nodemailer's MailComposer: UTF-8 subject and display
 * names as encoded words, multipart/alternative with the text part first and the HTML part last
 * (the preferred one, RFC 2046 §5.1.4), Message-ID as given. Bcc stays in the source: Gmail
 * reads the recipients from the headers of a raw message and removes Bcc itself before delivery.
 */
export async function composeMime(message: MailMessage): Promise<Buffer> {
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
    // The headers of a generated message may carry only what MailComposer itself checks (no raw
    // line breaks): a value with CR/LF is folded or encoded, never a header of its own.
    disableFileAccess: true,
    disableUrlAccess: true,
  }).compile();
  // Gmail delivers to the Bcc addresses of the raw message (and strips the header): keep it.
  node.keepBcc = true;
  return node.build();
}
