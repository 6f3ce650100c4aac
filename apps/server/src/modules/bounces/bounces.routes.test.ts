import { BOUNCE_LIST_NEEDS_PRO_MESSAGE } from '@mergedesk/domain/plans/plan-features';
import { and, eq, sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { bounces, suppressionDeletions } from '../../db/schema';
import { bearer } from '../../test/test-app';
import { useSeededTestApp } from '../../test/seeded-app';
import { DISABLED_MEMBER_MESSAGE, SPACE_NOT_FOUND_MESSAGE } from '../../lib/access';
import { SHARED_SUPPRESSION_DELETE_MESSAGE } from '@mergedesk/domain/suppressions/permissions';
import { apiPath } from '../../test/api-path';

type Item = {
  emailAddress: string;
  createTimestamp: number;
  lastUpdateTimestamp: number;
  type: string;
  isOwn: boolean;
};
type ListBody = { items: Item[]; total: number };

describe('bounces API', () => {
  const t = useSeededTestApp();

  const space = t.space;
  const list = async (email: string, spaceId: string, query = '') =>
    t.app.inject({
      method: 'GET',
      url: apiPath('bounces.list', { workspaceId: spaceId }, query),
      headers: bearer(await t.signIn(email)),
    });
  const add = async (email: string, body: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: apiPath('bounces.add'),
      headers: bearer(await t.signIn(email)),
      payload: body,
    });
  const remove = async (email: string, spaceId: string, address: string) =>
    t.app.inject({
      method: 'DELETE',
      url: apiPath('bounces.delete', { workspaceId: spaceId, emailAddress: address }),
      headers: bearer(await t.signIn(email)),
    });
  const storedRow = async (spaceId: string, address: string) =>
    (
      await t.db
        .select({ type: bounces.type, userId: bounces.userId })
        .from(bounces)
        .where(and(eq(bounces.workspaceId, spaceId), eq(bounces.email, address)))
    )[0];
  const deletionLog = (spaceId: string, address: string) =>
    t.db
      .select()
      .from(suppressionDeletions)
      .where(and(eq(suppressionDeletions.workspaceId, spaceId), eq(suppressionDeletions.email, address)));
  const entriesOf = async (spaceName: string, query = '?limit=1000') =>
    (await list('olivia@acme.test', space(spaceName), query)).json<ListBody>().items;

  it('keeps bounce list management to spaces not on the Free plan (spec 002 §9), reading to every plan', async () => {
    const forbidden = { errors: [], code: 'FORBIDDEN', message: BOUNCE_LIST_NEEDS_PRO_MESSAGE };
    const freeSpace = space("Gina's space");
    const added = await add('gina@gmail.com', {
      workspaceId: freeSpace,
      emailAddresses: ['free.plan@example.com'],
    });
    expect([added.statusCode, added.json()]).toEqual([403, forbidden]);
    expect(await storedRow(freeSpace, 'free.plan@example.com')).toBeUndefined();
    const removed = await remove('gina@gmail.com', freeSpace, 'free.plan@example.com');
    expect([removed.statusCode, removed.json()]).toEqual([403, forbidden]);
    expect((await list('gina@gmail.com', freeSpace)).statusCode).toBe(200);
    // A FREE member of a PRO space may (the space's plan decides).
    const fred = await add('fred@acme.test', {
      workspaceId: space('Acme Sales'),
      emailAddresses: ['pro.plan@example.com'],
    });
    expect(fred.statusCode).toBe(200);
    expect((await remove('fred@acme.test', space('Acme Sales'), 'pro.plan@example.com')).statusCode).toBe(
      200,
    );
  });

  it('lists the demo bounces of each space (40 in Acme Sales, 15 shared in Acme Premium)', async () => {
    const sales = await list('olivia@acme.test', space('Acme Sales'), '?limit=100');
    expect(sales.statusCode).toBe(200);
    // Olivia sees the shared entries and her own: every bounce but Adam's personal ones.
    const [adams] = await t.db
      .select({ value: sql<number>`count(*)::int` })
      .from(bounces)
      .where(
        and(
          eq(bounces.workspaceId, space('Acme Sales')),
          eq(bounces.type, 'PERSONAL'),
          eq(bounces.userId, t.demo.users['adam@acme.test']!),
        ),
      );
    expect(adams!.value).toBeGreaterThan(0);
    expect(sales.json<ListBody>().total).toBe(40 - adams!.value);
    const premium = await entriesOf('Acme Premium');
    expect(premium).toHaveLength(15);
    expect(premium.every((item) => item.type === 'WORKSPACE')).toBe(true);
  });

  it('is open to a free member of the space (the page is shown to free plans, spec 002 §2.4)', async () => {
    // Fred has no bounces of his own: he sees the 8 shared ones (every fifth of 40).
    const response = await list('fred@acme.test', space('Acme Sales'), '?limit=5&limitOffset=6');
    expect(response.statusCode).toBe(200);
    expect(response.json<ListBody>()).toMatchObject({ total: 8 });
    expect(response.json<ListBody>().items).toHaveLength(2);
    expect(response.json<ListBody>().items.every((item) => item.type === 'WORKSPACE')).toBe(true);
  });

  it('exports what the list shows as CSV without a Type column; another space is 404 (issue 11)', async () => {
    const exportOf = async (email: string) =>
      t.app.inject({
        method: 'GET',
        url: apiPath('bounces.export', { workspaceId: space('Acme Sales') }, 'sortBy=createTimestamp:desc'),
        headers: bearer(await t.signIn(email)),
      });
    const response = await exportOf('olivia@acme.test');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      /filename="Exported_Bounces_\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const rows = Papa.parse<Record<string, string>>(response.body, { header: true, skipEmptyLines: true });
    expect(rows.meta.fields).toEqual(['Email address', 'Date']);
    const listed = await entriesOf('Acme Sales', '?limit=100&sortBy=createTimestamp:desc');
    expect(rows.data).toEqual(
      listed.map((item) => ({
        'Email address': item.emailAddress,
        Date: new Date(item.lastUpdateTimestamp || item.createTimestamp).toISOString(),
      })),
    );
    expect((await exportOf('gina@gmail.com')).statusCode).toBe(404);
  });

  it('sorts by emailAddress descending and answers 400 for an unknown key', async () => {
    const emails = (await entriesOf('Acme Sales', '?limit=100&sortBy=emailAddress:desc')).map(
      (item) => item.emailAddress,
    );
    expect(emails).toEqual([...emails].sort().reverse());
    const response = await list('olivia@acme.test', space('Acme Sales'), '?sortBy=bounceTime:desc');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: "Unknown sort key 'bounceTime'." });
  });

  it('adds new addresses and answers updated 0 for addresses already on the list', async () => {
    const body = { workspaceId: space('Acme Sales'), emailAddresses: ['Bounced.Once@Example.com'] };
    const first = await add('adam@acme.test', body);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ updated: 1 });
    expect(await storedRow(space('Acme Sales'), 'bounced.once@example.com')).toEqual({
      type: 'PERSONAL',
      userId: t.demo.users['adam@acme.test'],
    });
    expect((await add('adam@acme.test', body)).json()).toEqual({ updated: 0 });
    // Olivia's personal list is her own: the address is new there.
    expect((await add('olivia@acme.test', body)).json()).toEqual({ updated: 1 });
  });

  it('stores WORKSPACE entries where shared bounces apply', async () => {
    const response = await add('adam@acme.test', {
      workspaceId: space('Acme Premium'),
      emailAddresses: ['shared.bounce@example.com'],
    });
    expect(response.json()).toEqual({ updated: 1 });
    expect(await storedRow(space('Acme Premium'), 'shared.bounce@example.com')).toMatchObject({
      type: 'WORKSPACE',
    });
  });

  it('answers 400 naming an invalid address', async () => {
    const response = await add('olivia@acme.test', {
      workspaceId: space('Acme Sales'),
      emailAddresses: ['bad@'],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: 'Email is invalid',
      errors: [{ field: 'emailAddresses.0', message: 'Email is invalid' }],
    });
  });

  it('deletes an address, then answers 404 for it', async () => {
    // Olivia's oldest personal bounce (a demo one: no colleague has the address).
    const [entry] = await entriesOf(
      'Acme Sales',
      '?limit=1&filterBy=type:PERSONAL&sortBy=createTimestamp:asc',
    );
    const address = entry!.emailAddress;
    expect(entry!.isOwn).toBe(true);
    // Another sender's personal bounce is not theirs to see or delete.
    expect((await remove('fred@acme.test', space('Acme Sales'), address)).statusCode).toBe(404);
    expect(await storedRow(space('Acme Sales'), address)).toBeDefined();
    expect(await deletionLog(space('Acme Sales'), address)).toEqual([]);
    expect((await remove('olivia@acme.test', space('Acme Sales'), address)).statusCode).toBe(200);
    expect(await storedRow(space('Acme Sales'), address)).toBeUndefined();
    // Every deletion is recorded: which list, whose entry, who deleted it and when.
    const log = await deletionLog(space('Acme Sales'), address);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      list: 'bounces',
      type: 'PERSONAL',
      ownerUserId: t.demo.users['olivia@acme.test'],
      deletedByUserId: t.demo.users['olivia@acme.test'],
      deletedByEmail: 'olivia@acme.test',
    });
    expect(log[0]!.deletedAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
    const again = await remove('olivia@acme.test', space('Acme Sales'), address);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ message: `${address} is not in the bounce list.` });
  });

  it('forbids a MEMBER to delete a WORKSPACE bounce while shared bounces apply; the row stays', async () => {
    const [entry] = await entriesOf('Acme Premium', '?limit=1');
    const address = entry!.emailAddress;
    const response = await remove('adam@acme.test', space('Acme Premium'), address);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      code: 'FORBIDDEN',
      message: SHARED_SUPPRESSION_DELETE_MESSAGE.bounces,
    });
    expect(await storedRow(space('Acme Premium'), address)).toBeDefined();
    expect(await deletionLog(space('Acme Premium'), address)).toEqual([]);
  });

  it('keeps other spaces unreachable (404) and DISABLED members out (403), writing nothing', async () => {
    const [entry] = await entriesOf('Acme Sales', '?limit=1');
    const address = entry!.emailAddress;
    expect((await list('gina@gmail.com', space('Acme Sales'))).json()).toMatchObject({
      code: 'NOT_FOUND',
      message: SPACE_NOT_FOUND_MESSAGE,
    });
    const stranger = await add('gina@gmail.com', {
      workspaceId: space('Acme Sales'),
      emailAddresses: ['from.gina@example.com'],
    });
    expect(stranger.statusCode).toBe(404);
    expect(await storedRow(space('Acme Sales'), 'from.gina@example.com')).toBeUndefined();
    expect((await remove('gina@gmail.com', space('Acme Sales'), address)).statusCode).toBe(404);
    const disabled = await remove('dora@acme.test', space('Acme Sales'), address);
    expect(disabled.statusCode).toBe(403);
    expect(disabled.json()).toMatchObject({ message: DISABLED_MEMBER_MESSAGE });
    expect(await storedRow(space('Acme Sales'), address)).toBeDefined();
  });
});
