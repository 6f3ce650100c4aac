import { and, eq, sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import {
  RECIPIENT_OPT_OUT_MESSAGE,
  SHARED_SUPPRESSION_DELETE_MESSAGE,
} from '@mergedesk/domain/suppressions/permissions';
import { suppressionDeletions, unsubscriptions, usageEvents } from '../../db/schema';
import { bearer } from '../../test/test-app';
import { apiPath } from '../../test/api-path';
import { useSeededTestApp } from '../../test/seeded-app';
import { DISABLED_MEMBER_MESSAGE, SPACE_NOT_FOUND_MESSAGE } from '../../lib/access';

type Item = {
  emailAddress: string;
  createTimestamp: number;
  lastUpdateTimestamp: number;
  type: string;
  source: string;
  isOwn: boolean;
};
type ListBody = { items: Item[]; total: number };

describe('unsubscriptions API', () => {
  const now = new Date();
  const t = useSeededTestApp({ now });

  const space = t.space;
  const list = async (email: string, spaceId: string, query = '') =>
    t.app.inject({
      method: 'GET',
      url: apiPath('unsubscriptions.list', { id: spaceId }, query),
      headers: bearer(await t.signIn(email)),
    });
  const add = async (email: string, body: unknown) =>
    t.app.inject({
      method: 'POST',
      url: apiPath('unsubscriptions.add'),
      headers: bearer(await t.signIn(email)),
      payload: body as Record<string, unknown>,
    });
  const remove = async (email: string, spaceId: string, address: string) =>
    t.app.inject({
      method: 'DELETE',
      url: apiPath('unsubscriptions.delete', {
        workspaceId: spaceId,
        emailAddress: address,
      }),
      headers: bearer(await t.signIn(email)),
    });
  const storedRow = async (spaceId: string, address: string) =>
    (
      await t.db
        .select({ type: unsubscriptions.type, userId: unsubscriptions.userId })
        .from(unsubscriptions)
        .where(and(eq(unsubscriptions.workspaceId, spaceId), eq(unsubscriptions.email, address)))
    )[0];
  const entriesOf = async (spaceName: string, query = '?limit=1000', viewer = 'olivia@acme.test') =>
    (await list(viewer, space(spaceName), query)).json<ListBody>().items;
  /** What `viewer` may see of a space's list, counted in SQL: the shared entries and their own. */
  const visibleCount = async (spaceName: string, viewer: string) => {
    const [row] = await t.db
      .select({ value: sql<number>`count(*)::int` })
      .from(unsubscriptions)
      .where(
        and(
          eq(unsubscriptions.workspaceId, space(spaceName)),
          sql`(${unsubscriptions.type} = 'WORKSPACE' or ${unsubscriptions.userId} = ${t.demo.users[viewer]!})`,
        ),
      );
    return row!.value;
  };

  describe('list', () => {
    it('lists the space’s entries newest first, 25 per page by default, with the total', async () => {
      const response = await list('mia@acme.test', space('Acme Sales'));
      expect(response.statusCode).toBe(200);
      const body = response.json<ListBody>();
      const total = await visibleCount('Acme Sales', 'mia@acme.test');
      expect(total).toBeGreaterThan(25);
      expect(total).toBeLessThan(60);
      expect(body.total).toBe(total);
      expect(body.items).toHaveLength(25);
      expect(body.items[0]).toEqual({
        emailAddress: expect.stringMatching(/@/) as string,
        createTimestamp: expect.any(Number) as number,
        lastUpdateTimestamp: expect.any(Number) as number,
        type: expect.stringMatching(/^(WORKSPACE|PERSONAL)$/) as string,
        source: expect.stringMatching(/^(MANUAL|LINK|ADDON)$/) as string,
        isOwn: expect.any(Boolean) as boolean,
      });
      const created = body.items.map((item) => item.createTimestamp);
      expect(created).toEqual([...created].sort((a, b) => b - a));
    });

    it('pages with limit and limitOffset', async () => {
      const all = await entriesOf('Acme Sales');
      const total = await visibleCount('Acme Sales', 'olivia@acme.test');
      expect(all).toHaveLength(total);
      const response = await list(
        'olivia@acme.test',
        space('Acme Sales'),
        `?limit=10&limitOffset=${total - 5}`,
      );
      const body = response.json<ListBody>();
      expect(body.total).toBe(total);
      expect(body.items).toEqual(all.slice(total - 5, total));
    });

    it('sorts by emailAddress and lastUpdateTimestamp in either direction', async () => {
      const byEmail = await entriesOf('Acme Sales', '?limit=100&sortBy=emailAddress:asc');
      const emails = byEmail.map((item) => item.emailAddress);
      expect(emails).toEqual([...emails].sort());
      const byUpdate = await entriesOf('Acme Sales', '?limit=100&sortBy=lastUpdateTimestamp:desc');
      const updates = byUpdate.map((item) => item.lastUpdateTimestamp);
      expect(updates).toEqual([...updates].sort((a, b) => b - a));
      expect(byUpdate.some((item) => item.lastUpdateTimestamp > item.createTimestamp)).toBe(true);
    });

    it('filters by type and by a part of the address (case-insensitive)', async () => {
      const shared = await list(
        'olivia@acme.test',
        space('Acme Sales'),
        '?limit=100&filterBy=type:WORKSPACE',
      );
      const sharedBody = shared.json<ListBody>();
      expect(sharedBody.total).toBe(15);
      expect(sharedBody.items.every((item) => item.type === 'WORKSPACE')).toBe(true);

      const all = await entriesOf('Acme Sales');
      const part = all[0]!.emailAddress.split('@')[0]!.slice(0, 4);
      const query = `?limit=100&filterBy=${encodeURIComponent(`search:${part.toUpperCase()}`)}`;
      const found = (await list('olivia@acme.test', space('Acme Sales'), query)).json<ListBody>();
      const expected = all.filter((item) => item.emailAddress.includes(part));
      expect(found.total).toBe(expected.length);
      expect(found.items.map((item) => item.emailAddress).sort()).toEqual(
        expected.map((item) => item.emailAddress).sort(),
      );
    });

    it('takes a search up to 254 characters and answers 400 with the reason beyond (issue 9)', async () => {
      const longest = await list(
        'olivia@acme.test',
        space('Acme Sales'),
        `?filterBy=search:${'a'.repeat(254)}`,
      );
      expect(longest.statusCode).toBe(200);
      const tooLong = await list(
        'olivia@acme.test',
        space('Acme Sales'),
        `?filterBy=search:${'a'.repeat(255)}`,
      );
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: 'Search must be at most 254 characters.',
        errors: [{ field: 'filterBy', message: 'Search must be at most 254 characters.' }],
      });
    });

    it('treats % and _ in a search literally', async () => {
      const response = await list('olivia@acme.test', space('Acme Sales'), '?filterBy=search:%25');
      expect(response.json<ListBody>().total).toBe(0);
    });

    it.each([
      ['?filterBy=emailAddres:x', "Unknown filter key 'emailAddres'."],
      ['?sortBy=name:asc', "Unknown sort key 'name'."],
      ['?sortBy=emailAddress:up', "Sort direction of 'emailAddress' must be asc or desc."],
      ['?filterBy=type:SHARED', "Unknown value 'SHARED' for filter 'type'."],
    ])('answers 400 for %s', async (query, message) => {
      const response = await list('olivia@acme.test', space('Acme Sales'), query);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', message });
    });

    it('allows the export’s limit of 30000 and no more', async () => {
      expect((await list('olivia@acme.test', space('Acme Sales'), '?limit=30000')).statusCode).toBe(200);
      expect((await list('olivia@acme.test', space('Acme Sales'), '?limit=30001')).statusCode).toBe(400);
    });

    it('caps the total at 10000', async () => {
      const maxSpace = space('Max 1');
      await t.db.execute(
        sql`insert into unsubscriptions (workspace_id, user_id, email, type)
            select ${maxSpace}, ${t.demo.users['max@max.test']!}, 'bulk' || n || '@example.com', 'PERSONAL'
            from generate_series(1, 10005) n`,
      );
      const response = await list('max@max.test', maxSpace, '?limit=5');
      expect(response.json<ListBody>()).toMatchObject({ total: 10000 });
      expect(response.json<ListBody>().items).toHaveLength(5);
      // The total comes with the page's rows (one statement); a page past the end counts apart.
      const last = await list('max@max.test', maxSpace, '?limit=5&limitOffset=10003');
      expect(last.json<ListBody>()).toMatchObject({ total: 10000 });
      expect(last.json<ListBody>().items).toHaveLength(2);
      const pastTheEnd = await list('max@max.test', maxSpace, '?limit=5&limitOffset=20000');
      expect(pastTheEnd.json<ListBody>()).toEqual({ items: [], total: 10000 });
    });

    it('answers an empty page past the end with the total, and nothing found with 0', async () => {
      const acme = space('Acme Sales');
      const all = (await list('olivia@acme.test', acme)).json<ListBody>();
      expect(all.total).toBeGreaterThan(0);
      const pastTheEnd = await list('olivia@acme.test', acme, `?limitOffset=${all.total + 10}`);
      expect(pastTheEnd.json<ListBody>()).toEqual({ items: [], total: all.total });
      const nothing = await list(
        'olivia@acme.test',
        acme,
        `?filterBy=${encodeURIComponent('search:zzz-nobody')}`,
      );
      expect(nothing.json<ListBody>()).toEqual({ items: [], total: 0 });
    });

    it('answers 404 for another space, an unknown id and a malformed id', async () => {
      for (const id of [space('Acme Sales'), '00000000-0000-4000-8000-000000000000', 'nope']) {
        const response = await list('gina@gmail.com', id);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ code: 'NOT_FOUND', message: SPACE_NOT_FOUND_MESSAGE });
      }
    });

    it('answers 403 to a DISABLED member and 401 without a session', async () => {
      const response = await list('dora@acme.test', space('Acme Sales'));
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'FORBIDDEN', message: DISABLED_MEMBER_MESSAGE });
      const anonymous = await t.app.inject({
        method: 'GET',
        url: apiPath('unsubscriptions.list', { id: space('Acme Sales') }),
      });
      expect(anonymous.statusCode).toBe(401);
    });
  });

  describe('export (issue 11)', () => {
    const exportCsv = async (email: string, spaceId: string, query = '') => {
      const response = await t.app.inject({
        method: 'GET',
        url: apiPath('unsubscriptions.export', { id: spaceId }, query),
        headers: bearer(await t.signIn(email)),
      });
      const rows = Papa.parse<Record<string, string>>(response.body, { header: true, skipEmptyLines: true });
      return { response, rows: rows.data };
    };
    /** Entries of a space that tie on their dates by the hundred, to the microsecond. */
    const seedTies = async (spaceId: string, userId: string, count: number, type = 'WORKSPACE') =>
      t.db.execute(
        sql`insert into unsubscriptions (workspace_id, user_id, email, type, created_at, updated_at)
            select ${spaceId}, ${userId}, 'tie' || n || '.' || lower(${type}) || '@example.com', ${type},
              timestamptz '2026-03-01 10:00:00' + (n % 7) * interval '1 microsecond',
              timestamptz '2026-03-02 10:00:00' + (n % 5) * interval '1 microsecond'
            from generate_series(1, ${count}) n`,
      );

    it('streams what the list shows, in its order, across keyset batches that tie to the microsecond', async () => {
      const spaceId = space('Max 2');
      await seedTies(spaceId, t.demo.users['max@max.test']!, 4100);
      // A colleague's personal entries and another space's stay out.
      await seedTies(spaceId, t.demo.users['olivia@acme.test']!, 300, 'PERSONAL');
      await seedTies(space('Max 3'), t.demo.users['max@max.test']!, 300);
      for (const sortBy of ['lastUpdateTimestamp:desc', 'createTimestamp:asc', 'emailAddress:desc']) {
        const { response, rows } = await exportCsv('max@max.test', spaceId, `?sortBy=${sortBy}`);
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
        expect(response.headers['content-disposition']).toMatch(
          /^attachment; filename="Exported_Unsubscriptions_\d{4}-\d{2}-\d{2}\.csv"$/,
        );
        const listed = (
          await list('max@max.test', spaceId, `?limit=30000&sortBy=${sortBy}`)
        ).json<ListBody>();
        expect(rows.map((row) => row['Email address'])).toEqual(
          listed.items.map((item) => item.emailAddress),
        );
        expect(rows).toHaveLength(4100);
      }
      const { rows } = await exportCsv('max@max.test', spaceId, '?sortBy=emailAddress:asc');
      expect(rows[0]).toEqual({
        'Email address': 'tie1.workspace@example.com',
        Date: '2026-03-02T10:00:00.000Z',
        Type: 'Shared',
      });
    });

    it('takes the list’s filters', async () => {
      const { rows } = await exportCsv(
        'olivia@acme.test',
        space('Acme Sales'),
        '?filterBy=type:WORKSPACE&sortBy=emailAddress:asc',
      );
      const listed = await entriesOf(
        'Acme Sales',
        '?limit=100&filterBy=type:WORKSPACE&sortBy=emailAddress:asc',
      );
      expect(rows.map((row) => row['Email address'])).toEqual(listed.map((item) => item.emailAddress));
      expect(rows.every((row) => row.Type === 'Shared')).toBe(true);
    });

    it('stops at the export limit of 30000 rows (spec 002 §9)', async () => {
      await seedTies(space('Max 4'), t.demo.users['max@max.test']!, 30001);
      const { rows } = await exportCsv('max@max.test', space('Max 4'));
      expect(rows).toHaveLength(30000);
      expect(new Set(rows.map((row) => row['Email address'])).size).toBe(30000);
    });

    it.each([
      ['?sortBy=emailAddress:asc,createTimestamp:desc', 'Sort the export by one key only.'],
      ['?filterBy=type:SHARED', "Unknown value 'SHARED' for filter 'type'."],
    ])('answers 400 for %s before anything is sent', async (query, message) => {
      const { response } = await exportCsv('olivia@acme.test', space('Acme Sales'), query);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', message });
    });

    it('answers 404 for another space and 401 without a session', async () => {
      const { response } = await exportCsv('gina@gmail.com', space('Acme Sales'));
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND', message: SPACE_NOT_FOUND_MESSAGE });
      const anonymous = await t.app.inject({
        method: 'GET',
        url: apiPath('unsubscriptions.export', { id: space('Acme Sales') }),
      });
      expect(anonymous.statusCode).toBe(401);
    });
  });

  describe('add', () => {
    it('adds new addresses (normalised) and counts only the new ones', async () => {
      const first = await add('mia@acme.test', {
        workspaceId: space('Acme Sales'),
        emailAddresses: [' New.Person@Example.com ', 'second.person@example.com', 'new.person@example.com'],
      });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ updated: 2 });
      // Acme Sales does not share unsubscribes: the entry is Mia's own.
      expect(await storedRow(space('Acme Sales'), 'new.person@example.com')).toEqual({
        type: 'PERSONAL',
        userId: t.demo.users['mia@acme.test'],
      });

      const again = await add('mia@acme.test', {
        workspaceId: space('Acme Sales'),
        emailAddresses: ['new.person@example.com', 'SECOND.person@example.com'],
      });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ updated: 0 });

      // Adam's personal list is his own: the same address is new there.
      const byAdam = await add('adam@acme.test', {
        workspaceId: space('Acme Sales'),
        emailAddresses: ['new.person@example.com'],
      });
      expect(byAdam.json()).toEqual({ updated: 1 });
      const owners = await t.db
        .select({ userId: unsubscriptions.userId })
        .from(unsubscriptions)
        .where(
          and(
            eq(unsubscriptions.workspaceId, space('Acme Sales')),
            eq(unsubscriptions.email, 'new.person@example.com'),
          ),
        );
      expect(owners.map((row) => row.userId).sort()).toEqual(
        [t.demo.users['mia@acme.test'], t.demo.users['adam@acme.test']].sort(),
      );
    });

    it('logs a usage event for a manual unsubscribe (spec 002 §7 "Other")', async () => {
      await add('olivia@acme.test', {
        workspaceId: space('Acme Sales'),
        emailAddresses: ['logged@example.com'],
      });
      const events = await t.db
        .select({ payload: usageEvents.payload })
        .from(usageEvents)
        .where(
          and(
            eq(usageEvents.eventType, 'manual_unsubscribe'),
            eq(usageEvents.userId, t.demo.users['olivia@acme.test']!),
          ),
        );
      expect(events.map((event) => event.payload)).toContainEqual({
        space_id: space('Acme Sales'),
        requested: 1,
        added: 1,
        type: 'PERSONAL',
      });
    });

    it('shares the entry across the space (WORKSPACE) where shared unsubscribes apply', async () => {
      const response = await add('adam@acme.test', {
        workspaceId: space('Acme Premium'),
        emailAddresses: ['shared.entry@example.com'],
      });
      expect(response.json()).toEqual({ updated: 1 });
      expect(await storedRow(space('Acme Premium'), 'shared.entry@example.com')).toMatchObject({
        type: 'WORKSPACE',
      });
    });

    it('answers 400 naming the invalid address, and writes nothing', async () => {
      const response = await add('olivia@acme.test', {
        workspaceId: space('Acme Sales'),
        emailAddresses: ['valid.one@example.com', 'not-an-email'],
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: 'VALIDATION_FAILED',
        message: 'Email is invalid',
        errors: [{ field: 'emailAddresses.1', message: 'Email is invalid' }],
      });
      expect(await storedRow(space('Acme Sales'), 'valid.one@example.com')).toBeUndefined();
    });

    it.each([
      [{ workspaceId: 'x', emailAddresses: [] }, 'At least one email address is required.'],
      [{ emailAddresses: ['a@example.com'] }, 'WorkspaceId is required'],
    ])('answers 400 for a body without addresses or space (%j)', async (body, message) => {
      const response = await add('olivia@acme.test', body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', message });
    });

    it('answers 400 above 500 addresses', async () => {
      const emailAddresses = Array.from({ length: 501 }, (_, index) => `many${index}@example.com`);
      const response = await add('olivia@acme.test', { workspaceId: space('Acme Sales'), emailAddresses });
      expect(response.statusCode).toBe(400);
    });

    it('answers 404 to a non-member and 403 to a DISABLED member, writing nothing', async () => {
      const stranger = await add('gina@gmail.com', {
        workspaceId: space('Acme Sales'),
        emailAddresses: ['stranger@example.com'],
      });
      expect(stranger.statusCode).toBe(404);
      expect(stranger.json()).toMatchObject({ message: SPACE_NOT_FOUND_MESSAGE });
      const disabled = await add('dora@acme.test', {
        workspaceId: space('Acme Sales'),
        emailAddresses: ['stranger@example.com'],
      });
      expect(disabled.statusCode).toBe(403);
      expect(await storedRow(space('Acme Sales'), 'stranger@example.com')).toBeUndefined();
    });
  });

  describe('delete', () => {
    it('removes an address; a second delete answers 404', async () => {
      // Mia's oldest personal entry (a demo one: no colleague has the address).
      const [entry] = await entriesOf(
        'Acme Sales',
        '?limit=1&filterBy=type:PERSONAL&sortBy=createTimestamp:asc',
        'mia@acme.test',
      );
      expect(entry!.isOwn).toBe(true);
      const address = entry!.emailAddress;
      const response = await remove('mia@acme.test', space('Acme Sales'), address.toUpperCase());
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({});
      expect(await storedRow(space('Acme Sales'), address)).toBeUndefined();

      const again = await remove('mia@acme.test', space('Acme Sales'), address);
      expect(again.statusCode).toBe(404);
      expect(again.json()).toMatchObject({
        code: 'NOT_FOUND',
        message: `${address} is not in the unsubscription list.`,
      });
    });

    it('forbids a MEMBER to remove a WORKSPACE entry while shared unsubscribes apply (spec 002 §6)', async () => {
      const entry = (await entriesOf('Acme Premium')).find((item) => item.source === 'MANUAL');
      const address = entry!.emailAddress;
      expect(entry!.type).toBe('WORKSPACE');
      const response = await remove('adam@acme.test', space('Acme Premium'), address);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({
        code: 'FORBIDDEN',
        message: SHARED_SUPPRESSION_DELETE_MESSAGE.unsubscriptions,
      });
      expect(await storedRow(space('Acme Premium'), address)).toMatchObject({ type: 'WORKSPACE' });

      // The owner may.
      const byOwner = await remove('olivia@acme.test', space('Acme Premium'), address);
      expect(byOwner.statusCode).toBe(200);
      expect(await storedRow(space('Acme Premium'), address)).toBeUndefined();
    });

    it('lets a MEMBER remove a WORKSPACE entry where sharing does not apply', async () => {
      const entry = (await entriesOf('Acme Sales', '?limit=100&filterBy=type:WORKSPACE')).find(
        (item) => item.source === 'MANUAL',
      );
      const response = await remove('mia@acme.test', space('Acme Sales'), entry!.emailAddress);
      expect(response.statusCode).toBe(200);
    });

    it('answers 404 to a non-member and 403 to a DISABLED member, deleting nothing', async () => {
      const [entry] = await entriesOf('Acme Sales', '?limit=1');
      const address = entry!.emailAddress;
      const stranger = await remove('gina@gmail.com', space('Acme Sales'), address);
      expect(stranger.statusCode).toBe(404);
      expect(stranger.json()).toMatchObject({ message: SPACE_NOT_FOUND_MESSAGE });
      expect((await remove('dora@acme.test', space('Acme Sales'), address)).statusCode).toBe(403);
      expect(await storedRow(space('Acme Sales'), address)).toBeDefined();
    });

    it('answers 400 for an invalid address in the path', async () => {
      const response = await remove('olivia@acme.test', space('Acme Sales'), 'not-an-email');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: 'Email is invalid' });
    });
  });

  describe('opt-outs belong to their sender', () => {
    const ownRow = async (spaceName: string, address: string, owner: string) =>
      (
        await t.db
          .select({ id: unsubscriptions.id })
          .from(unsubscriptions)
          .where(
            and(
              eq(unsubscriptions.workspaceId, space(spaceName)),
              eq(unsubscriptions.email, address),
              eq(unsubscriptions.userId, t.demo.users[owner]!),
            ),
          )
      )[0];

    it.each(['mia@acme.test', 'adam@acme.test', 'olivia@acme.test', 'fred@acme.test'])(
      'shows %s the shared entries and their own personal ones, never a colleague’s (Acme Sales, PRO)',
      async (viewer) => {
        const items = await entriesOf('Acme Sales', '?limit=1000', viewer);
        expect(items).toHaveLength(await visibleCount('Acme Sales', viewer));
        expect(items.filter((item) => item.type === 'PERSONAL').every((item) => item.isOwn)).toBe(true);
        const [shared] = await t.db
          .select({ value: sql<number>`count(*)::int` })
          .from(unsubscriptions)
          .where(
            and(eq(unsubscriptions.workspaceId, space('Acme Sales')), eq(unsubscriptions.type, 'WORKSPACE')),
          );
        expect(items.filter((item) => item.type === 'WORKSPACE')).toHaveLength(shared!.value);
      },
    );

    it.each(['mia@acme.test', 'adam@acme.test'])(
      'answers 404 when %s deletes another sender’s personal entry, which stays',
      async (colleague) => {
        const [olivias] = (await entriesOf('Acme Sales', '?limit=1000')).filter(
          (item) => item.type === 'PERSONAL' && item.isOwn,
        );
        const address = olivias!.emailAddress;
        const response = await remove(colleague, space('Acme Sales'), address);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ message: `${address} is not in the unsubscription list.` });
        expect(await ownRow('Acme Sales', address, 'olivia@acme.test')).toBeDefined();
      },
    );

    it('never lets a colleague — even the owner or an admin — delete a recipient’s link opt-out; its sender may, and the deletion is recorded', async () => {
      // Mia's merge: a recipient unsubscribed through its link; the entry is on the shared list.
      const linkOptOut = (await entriesOf('Acme Sales', '?limit=1000', 'mia@acme.test')).find(
        (item) => item.type === 'WORKSPACE' && item.source === 'LINK' && item.isOwn,
      );
      const address = linkOptOut!.emailAddress;
      for (const colleague of ['olivia@acme.test', 'adam@acme.test']) {
        const response = await remove(colleague, space('Acme Sales'), address);
        expect(response.statusCode).toBe(403);
        expect(response.json()).toMatchObject({ code: 'FORBIDDEN', message: RECIPIENT_OPT_OUT_MESSAGE });
      }
      expect(await ownRow('Acme Sales', address, 'mia@acme.test')).toBeDefined();
      const noLog = await t.db
        .select()
        .from(suppressionDeletions)
        .where(eq(suppressionDeletions.email, address));
      expect(noLog).toEqual([]);

      const bySender = await remove('mia@acme.test', space('Acme Sales'), address);
      expect(bySender.statusCode).toBe(200);
      const [log] = await t.db
        .select()
        .from(suppressionDeletions)
        .where(eq(suppressionDeletions.email, address));
      expect(log).toMatchObject({
        workspaceId: space('Acme Sales'),
        list: 'unsubscriptions',
        type: 'WORKSPACE',
        source: 'LINK',
        ownerUserId: t.demo.users['mia@acme.test'],
        deletedByUserId: t.demo.users['mia@acme.test'],
        deletedByEmail: 'mia@acme.test',
      });
      expect(log!.deletedAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
    });

    it('keeps a MEMBER from deleting the owner’s link opt-out where sharing applies (Acme Premium)', async () => {
      const linkOptOut = (await entriesOf('Acme Premium')).find((item) => item.source === 'LINK');
      const response = await remove('adam@acme.test', space('Acme Premium'), linkOptOut!.emailAddress);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ message: RECIPIENT_OPT_OUT_MESSAGE });
    });
  });
});
