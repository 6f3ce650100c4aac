import type { CurrentUser } from '@mergedesk/domain/api/users';
import type { SeatMember } from '@mergedesk/domain/api/members';
import { formatFilterBy } from '@mergedesk/domain/api/list-query';
import { isOwnerCandidate } from '@mergedesk/domain/members/permissions';
import { MEMBER_MESSAGES } from '@mergedesk/domain/members/messages';
import { describe, expect, it } from 'vitest';
import { bearer } from '../../test/test-app';
import { apiPath } from '../../test/api-path';
import { useSeededTestApp } from '../../test/seeded-app';

/**
 * Issue 21 "Ownership never strands a space": the dropdown offers exactly the members who can hold
 * the role (spec 002 §5), every one of them can be made the owner, and as the owner they manage the
 * space and can hand it back.
 */
describe('ownership transfer to every kind of candidate', () => {
  const t = useSeededTestApp();

  const acme = () => t.demo.spaces['Acme Sales']!;
  const userId = (email: string) => t.demo.users[email]!;
  const call = async (email: string, method: 'GET' | 'PUT', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: bearer(await t.signIn(email)),
      ...(payload ? { payload } : {}),
    });

  /** The 'New owner' dropdown of `email`, computed as the web app does (get-owner-candidates.ts). */
  const candidatesOf = async (email: string) => {
    const query = new URLSearchParams({ filterBy: formatFilterBy({ userStatus: 'ACTIVE' }), limit: '100' });
    const response = await call(
      email,
      'GET',
      apiPath('members.seatMembers', { workspaceId: acme() }, query.toString()),
    );
    expect(response.statusCode).toBe(200);
    return response
      .json<{ items: SeatMember[] }>()
      .items.filter((member) =>
        isOwnerCandidate(
          { billingModel: 'PER_SEAT', workspacePlan: 'PRO' },
          { role: member.userRole, status: member.userStatus, userPlan: member.userPlan },
        ),
      )
      .map((member) => member.userEmail);
  };
  const transfer = (from: string, to: string) =>
    call(from, 'PUT', apiPath('members.transferOwnership', { workspaceId: acme() }), { userId: userId(to) });

  it('offers the members with a paid seat who are active: not the free, trial, disabled or pending ones', async () => {
    expect(await candidatesOf('olivia@acme.test')).toEqual(['adam@acme.test', 'mia@acme.test']);
    for (const email of ['fred@acme.test', 'tom@acme.test', 'dora@acme.test']) {
      const refused = await transfer('olivia@acme.test', email);
      expect(refused.statusCode, email).toBe(409);
      expect(refused.json()).toMatchObject({ message: MEMBER_MESSAGES.NOT_AN_OWNER_CANDIDATE });
    }
  });

  it.each(['adam@acme.test', 'mia@acme.test'])(
    'makes %s the owner, who then manages the members and hands the space back',
    async (newOwner) => {
      expect((await transfer('olivia@acme.test', newOwner)).statusCode).toBe(200);

      // The new owner's Members page: the list, the seats and the role change.
      expect(
        (await call(newOwner, 'GET', apiPath('members.seatMembers', { workspaceId: acme() }, 'limit=50')))
          .statusCode,
      ).toBe(200);
      expect(
        (await call(newOwner, 'GET', apiPath('members.seats', { workspaceId: acme() }))).json(),
      ).toMatchObject({
        totalSeats: 10,
      });
      const me = (
        await call(newOwner, 'GET', apiPath('users.me', {}, 'includeWorkspaces=true'))
      ).json<CurrentUser>();
      expect(me.userWorkspaces?.find((space) => space.workspaceId === acme())).toMatchObject({
        userRole: 'OWNER',
        workspaceUserFeature: { otherFeatures: { manageUserRoles: true, transferOwnerShip: true } },
      });
      const roles = await call(newOwner, 'PUT', apiPath('members.changeRoles', { workspaceId: acme() }), {
        memberRoles: [{ userId: userId('olivia@acme.test'), userRole: 'ADMIN' }],
      });
      expect(roles.statusCode).toBe(200);

      // The former owner is offered back, and takes the space back.
      expect(await candidatesOf(newOwner)).toContain('olivia@acme.test');
      expect((await transfer(newOwner, 'olivia@acme.test')).statusCode).toBe(200);
      const demoted = await call(
        'olivia@acme.test',
        'PUT',
        apiPath('members.changeRoles', { workspaceId: acme() }),
        {
          memberRoles: [
            { userId: userId(newOwner), userRole: newOwner === 'adam@acme.test' ? 'ADMIN' : 'MEMBER' },
          ],
        },
      );
      expect(demoted.statusCode).toBe(200);
    },
  );
});
