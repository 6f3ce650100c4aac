import type { StoredMessage } from './store';

/** The Message resource in one of Gmail's formats (https://developers.google.com/workspace/gmail/api/reference/rest/v1/users.messages#Message). */
export type MessageFormat = 'minimal' | 'metadata' | 'full' | 'raw';

export const isMessageFormat = (value: string): value is MessageFormat =>
  value === 'minimal' || value === 'metadata' || value === 'full' || value === 'raw';

const body = (content: string) => {
  const bytes = Buffer.from(content, 'utf8');
  return { size: bytes.length, data: bytes.toString('base64url') };
};

const headerList = (headers: Record<string, string>, only: string[] | undefined) => {
  const wanted = only?.map((name) => name.toLowerCase());
  return Object.entries(headers)
    .filter(([name]) => wanted === undefined || wanted.length === 0 || wanted.includes(name.toLowerCase()))
    .map(([name, value]) => ({ name, value }));
};

/** A simplified MIME tree: the text and HTML parts as Gmail shows an alternative message. */
const payload = (stored: StoredMessage) => {
  const { message } = stored;
  const headers = headerList(message.headers, undefined);
  const parts = [
    ...(message.text === null ? [] : [{ mimeType: 'text/plain', content: message.text }]),
    ...(message.html === null ? [] : [{ mimeType: 'text/html', content: message.html }]),
  ];
  if (parts.length === 1) {
    const [only] = parts;
    return { partId: '', mimeType: only!.mimeType, filename: '', headers, body: body(only!.content) };
  }
  return {
    partId: '',
    mimeType: parts.length === 0 ? 'text/plain' : 'multipart/alternative',
    filename: '',
    headers,
    body: { size: 0 },
    parts: parts.map((part, index) => ({
      partId: String(index),
      mimeType: part.mimeType,
      filename: '',
      headers: [{ name: 'Content-Type', value: `${part.mimeType}; charset="UTF-8"` }],
      body: body(part.content),
    })),
  };
};

const snippet = (stored: StoredMessage): string =>
  (stored.message.text ?? stored.message.html?.replace(/<[^>]*>/g, ' ') ?? '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 200);

export function messageResource(stored: StoredMessage, format: MessageFormat, metadataHeaders?: string[]) {
  const { message } = stored;
  const base = {
    id: message.id,
    threadId: message.threadId,
    labelIds: stored.labelIds,
    snippet: snippet(stored),
    sizeEstimate: Buffer.byteLength(message.raw, 'utf8'),
    historyId: String(stored.historyId),
    internalDate: String(Date.parse(message.sentAt)),
  };
  if (format === 'minimal') return base;
  if (format === 'raw') return { ...base, raw: Buffer.from(message.raw, 'utf8').toString('base64url') };
  if (format === 'metadata') {
    return {
      ...base,
      payload: {
        mimeType: payload(stored).mimeType,
        headers: headerList(message.headers, metadataHeaders),
      },
    };
  }
  return { ...base, payload: payload(stored) };
}
