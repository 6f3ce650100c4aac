import type { IncomingMessage, ServerResponse } from 'node:http';

import { badRequest, GmailError } from './errors';

const MAX_BODY_BYTES = 36 * 1024 * 1024;

class PayloadTooLarge extends GmailError {
  constructor() {
    super(413, 'Request payload size exceeds the limit: 36700160 bytes.', 'badRequest');
  }
}

export const readBody = async (request: IncomingMessage): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new PayloadTooLarge();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
};

export const parseJson = (bytes: Buffer): Record<string, unknown> => {
  if (bytes.length === 0) return {};
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw badRequest('Invalid JSON payload received.');
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw badRequest('Invalid JSON payload received. Expected an object.');
  }
  return value as Record<string, unknown>;
};

export const sendJson = (
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void => {
  response.writeHead(status, { ...headers, 'content-type': 'application/json; charset=UTF-8' });
  response.end(body === undefined ? '' : JSON.stringify(body, null, 2));
};

export const sendHtml = (
  response: ServerResponse,
  status: number,
  page: { html: string; csp: string },
): void => {
  response.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': page.csp,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cache-control': 'no-store',
  });
  response.end(page.html);
};
