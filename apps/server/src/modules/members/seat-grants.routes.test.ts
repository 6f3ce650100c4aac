import {
  GIVE_SEAT_ALREADY_PAID_MESSAGE,
  GIVE_SEAT_NOT_JOINED_MESSAGE,
  GIVE_SEAT_NOT_OFFERED_MESSAGE,
  notEnoughSeatsToGiveMessage,
} from '@mergedesk/domain/members/give-seat';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { workspaceMembers } from '../../db/schema';
import { bearer } from '../../test/test-app';
import { apiPath } from '../../test/api-path';
import { useSeededTestApp } from '../../test/seeded-app';

/** Issue 21 "Seats reach members already in the space": PUT /workspaces/{id}/members/seats. */
describe('giving a seat to a member already in the space', () => {
  const t = useSeededTestApp();

  const space = t.space;
  const userId = (email: string) => t.demo.users[email]!;
  const call = async (email: string, method: 'GET' | 'PUT', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: bearer(await t.signIn(email)),
      ...(payload ? { payload } : {}),
    });
  const give = (as: string, spaceName: string, emails: string[]) =>
    call(as, 'PUT', apiPath('members.giveSeats', { workspaceId: space(spaceName) }), {
      userIds: emails.map(userId),
    });
  const seats = async (spaceName: string) =>
    (
      await call('olivia@acme.test', 'GET', apiPath('members.seats', { workspaceId: space(spaceName) }))
    ).json<{
      assignedSeats: number;
      availableSeats: number | null;
      memberCount: number;
    }>();
  const conflict = (message: string) => ({ errors: [], code: 'CONFLICT', message });

  it('gives fred (free member of Acme Sales) a seat the space pays for: he holds it, the count goes up', async () => {
    expect(await seats('Acme Sales')).toMatchObject({ assignedSeats: 5, availableSeats: 3, memberCount: 8 });
    const validity = await call(
      'olivia@acme.test',
      'GET',
      apiPath('members.promoteValidity', { workspaceId: space('Acme Sales') }),
    );
    expect(validity.json()).toEqual({
      items: [{ userId: userId('fred@acme.test'), userEmail: 'fred@acme.test', errorCode: null }],
    });

    const response = await give('adam@acme.test', 'Acme Sales', ['fred@acme.test']);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      results: [{ userId: userId('fred@acme.test'), userEmail: 'fred@acme.test', errorCode: null }],
    });
    const [fred] = await t.db
      .select({ userPlan: workspaceMembers.userPlan, seatType: workspaceMembers.seatType })
      .from(workspaceMembers)
      .where(
        and(
          eq(workspaceMembers.workspaceId, space('Acme Sales')),
          eq(workspaceMembers.email, 'fred@acme.test'),
        ),
      );
    expect(fred).toEqual({ userPlan: 'PRO', seatType: 'ADDED_MERGEDESK_USER' });
    expect(await seats('Acme Sales')).toMatchObject({ assignedSeats: 6, availableSeats: 2 });
    const me = await call('fred@acme.test', 'GET', apiPath('users.me', {}, 'includeWorkspaces=true'));
    expect(
      me.json<{ userWorkspaces: { workspaceId: string; userPlan: string }[] }>().userWorkspaces,
    ).toContainEqual(expect.objectContaining({ workspaceId: space('Acme Sales'), userPlan: 'PRO' }));
    expect(
      (
        await call(
          'olivia@acme.test',
          'GET',
          apiPath('members.promoteValidity', { workspaceId: space('Acme Sales') }),
        )
      ).json(),
    ).toEqual({
      items: [],
    });
  });

  it('refuses a member who has a seat, one who has not joined, and more members than seats left', async () => {
    expect((await give('olivia@acme.test', 'Acme Sales', ['mia@acme.test'])).json()).toEqual(
      conflict(GIVE_SEAT_ALREADY_PAID_MESSAGE),
    );
    // dora is disabled; her PRO seat is kept, so a free disabled member is the case to refuse.
    await t.db
      .update(workspaceMembers)
      .set({ userPlan: 'FREE' })
      .where(
        and(
          eq(workspaceMembers.workspaceId, space('Acme Sales')),
          eq(workspaceMembers.email, 'dora@acme.test'),
        ),
      );
    expect((await give('olivia@acme.test', 'Acme Sales', ['dora@acme.test'])).json()).toEqual(
      conflict(GIVE_SEAT_NOT_JOINED_MESSAGE),
    );
    await t.db
      .update(workspaceMembers)
      .set({ userPlan: 'PRO' })
      .where(
        and(
          eq(workspaceMembers.workspaceId, space('Acme Sales')),
          eq(workspaceMembers.email, 'dora@acme.test'),
        ),
      );
    // Two seats left: max@max.test joins Acme Sales as a free member, then three want a seat.
    await t.db.insert(workspaceMembers).values([
      {
        workspaceId: space('Acme Sales'),
        userId: userId('max@max.test'),
        email: 'max@max.test',
        role: 'MEMBER',
        userPlan: 'FREE',
        status: 'ACTIVE',
      },
      {
        workspaceId: space('Acme Sales'),
        userId: userId('sam@acme.test'),
        email: 'sam@acme.test',
        role: 'MEMBER',
        userPlan: 'FREE',
        status: 'ACTIVE',
      },
      {
        workspaceId: space('Acme Sales'),
        userId: userId('gina@gmail.com'),
        email: 'gina@gmail.com',
        role: 'MEMBER',
        userPlan: 'FREE',
        status: 'ACTIVE',
      },
    ]);
    const three = await give('olivia@acme.test', 'Acme Sales', [
      'max@max.test',
      'sam@acme.test',
      'gina@gmail.com',
    ]);
    expect(three.statusCode).toBe(409);
    expect(three.json()).toEqual(conflict(notEnoughSeatsToGiveMessage(2)));
    // Two fit; the Gmail member gets Pro (Personal).
    expect(
      (await give('olivia@acme.test', 'Acme Sales', ['max@max.test', 'gina@gmail.com'])).statusCode,
    ).toBe(200);
    const gina = await t.db
      .select({ userPlan: workspaceMembers.userPlan })
      .from(workspaceMembers)
      .where(
        and(
          eq(workspaceMembers.workspaceId, space('Acme Sales')),
          eq(workspaceMembers.email, 'gina@gmail.com'),
        ),
      );
    expect(gina).toEqual([{ userPlan: 'PRO_PERSONAL' }]);
    expect(await seats('Acme Sales')).toMatchObject({ availableSeats: 0 });
    expect((await give('olivia@acme.test', 'Acme Sales', ['sam@acme.test'])).json()).toEqual(
      conflict(notEnoughSeatsToGiveMessage(0)),
    );
  });

  it('is no call for plain members, nor for a per-user space', async () => {
    expect((await give('mia@acme.test', 'Acme Sales', ['sam@acme.test'])).statusCode).toBe(403);
    expect((await give('leo@legacy.test', 'Legacy Team', ['fiona@legacy.test'])).json()).toEqual(
      conflict(GIVE_SEAT_NOT_OFFERED_MESSAGE),
    );
  });

  it('counts the members of a Free space for its counter', async () => {
    const gina = await call(
      'gina@gmail.com',
      'GET',
      apiPath('members.seats', { workspaceId: space("Gina's space") }),
    );
    expect(gina.json()).toMatchObject({ unlimited: true, totalSeats: null, memberCount: 1 });
  });
});
