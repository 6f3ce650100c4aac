import { vi } from 'vitest';
import type { Member } from '@mergedesk/domain/api/members';
import type { SuppressionItem } from '@mergedesk/domain/api/suppression-list';
import type { FetchMock } from './fetch-stub';
import { requestAddress, requestJson, requestMethod } from './fetch-stub';
import { jsonResponse, memberRow } from './fixtures';

/** A member row of the owner lookup (spec 002 §7). */
const ownerMember = (memberEmail: string): Member => memberRow(memberEmail, { userRole: 'OWNER' });

export type SuppressionServer = {
  items: SuppressionItem[];
  /** Overrides the reported total (e.g. the capped 10000). */
  total?: number;
  /** The `updated` count of the next add. */
  updated?: number;
  /** Status of every list request (e.g. 500), until cleared. */
  listStatus?: number;
  addStatus?: number;
  deleteStatus?: number;
  owner?: string;
  /** The text of the CSV export (…/export). */
  csv?: string;
};

/**
 * A fetch stub answering the list, export, add and delete calls of one suppression list (spec 002 §7) and
 * the owner lookup; `kind` is 'unsubscriptions' or 'bounces'. Deletes remove the row.
 */
export function serveSuppressions(
  fetchMock: FetchMock,
  kind: 'unsubscriptions' | 'bounces',
  server: SuppressionServer,
) {
  fetchMock.mockImplementation((input, init) => {
    const url = requestAddress(input);
    const method = requestMethod(init);
    if (method === 'GET' && /^\/api\/workspaces\/[^/]+\/members$/.test(url.pathname)) {
      return Promise.resolve(
        jsonResponse(200, { items: server.owner ? [ownerMember(server.owner)] : [], total: 1 }),
      );
    }
    if (method === 'GET' && url.pathname.endsWith(`/${kind}`)) {
      if (server.listStatus) {
        return Promise.resolve(
          jsonResponse(server.listStatus, { code: 'INTERNAL', message: 'boom', errors: [] }),
        );
      }
      const offset = Number(url.searchParams.get('limitOffset') ?? 0);
      const limit = Number(url.searchParams.get('limit') ?? 25);
      return Promise.resolve(
        jsonResponse(200, {
          items: server.items.slice(offset, offset + limit),
          total: server.total ?? server.items.length,
        }),
      );
    }
    if (method === 'GET' && url.pathname.endsWith(`/${kind}/export`)) {
      return Promise.resolve(
        new Response(server.csv ?? '', {
          status: 200,
          headers: { 'Content-Type': 'text/csv; charset=utf-8' },
        }),
      );
    }
    if (method === 'POST' && url.pathname.includes(`workspace-activation-add-${kind}`)) {
      if (server.addStatus) {
        return Promise.resolve(
          jsonResponse(server.addStatus, { code: 'INTERNAL', message: 'boom', errors: [] }),
        );
      }
      return Promise.resolve(jsonResponse(200, { updated: server.updated ?? 0 }));
    }
    if (method === 'DELETE' && url.pathname.includes(`workspace-activation-delete-${kind}`)) {
      if (server.deleteStatus) {
        return Promise.resolve(
          jsonResponse(server.deleteStatus, { code: 'FORBIDDEN', message: 'Forbidden', errors: [] }),
        );
      }
      const email = decodeURIComponent(url.pathname.split('/').pop() ?? '');
      server.items = server.items.filter((item) => item.emailAddress !== email);
      return Promise.resolve(jsonResponse(200, {}));
    }
    return Promise.resolve(jsonResponse(404, { code: 'NOT_FOUND', message: url.pathname, errors: [] }));
  });
}

/** The calls made to paths containing `part`, as [method, URL, parsed body]. */
export function callsTo(fetchMock: FetchMock, part: string) {
  return fetchMock.mock.calls
    .map(([input, init]) => ({
      method: requestMethod(init),
      url: requestAddress(input),
      body: requestJson(init),
    }))
    .filter((call) => call.url.pathname.includes(part));
}

/** Captures CSV downloads: the file names and the text of each file. */
export function captureCsvDownloads() {
  const blobs: Blob[] = [];
  const names: string[] = [];
  Object.assign(URL, {
    createObjectURL: (blob: Blob) => {
      blobs.push(blob);
      return 'blob:csv';
    },
    revokeObjectURL: () => undefined,
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  return { names, texts: () => Promise.all(blobs.map((blob) => blob.text())) };
}
