import { MEMBER_MESSAGES } from '@mergedesk/domain/members/messages';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bounces, unsubscriptions, workspaceMembers, workspaces } from '../../db/schema';
import { bearer } from '../../test/test-app';
import { apiPath } from '../../test/api-path';
import { useSeededTestApp } from '../../test/seeded-app';

type Json = Record<string, unknown>;

/** Issue 21 item 4, "the spec's own rules", as the server enforces them. */
describe("the spec's own rules (issue 21)", () => {
  const t = useSeededTestApp();

  const space = t.space;
  const userId = (email: string) => t.demo.users[email]!;
  const call = async (email: string, method: 'POST' | 'DELETE' | 'PATCH', url: string, payload: Json) =>
    t.app.inject({ method, url, headers: bearer(await t.signIn(email)), payload });
  const memberRow = async (spaceName: string, email: string) =>
    (
      await t.db
        .select({ status: workspaceMembers.status })
        .from(workspaceMembers)
        .where(and(eq(workspaceMembers.workspaceId, space(spaceName)), eq(workspaceMembers.email, email)))
    )[0];

  describe('paid users are not removed in the same cycle in per-user Pro/Premium spaces (spec 002 §4.6)', () => {
    it.each(['PRO', 'PREMIUM'] as const)(
      'a per-user %s space keeps its paid user and lets a free one go',
      async (plan) => {
        // Legacy Team moved to a new plan, still billed per user (the legacy checkout's way).
        await t.db
          .update(workspaces)
          .set({ plan })
          .where(eq(workspaces.id, space('Legacy Team')));
        const paid = await call(
          'leo@legacy.test',
          'DELETE',
          apiPath('members.remove', { workspaceId: space('Legacy Team') }),
          {
            userIds: [userId('lucy@legacy.test')],
          },
        );
        expect(paid.statusCode).toBe(403);
        expect(paid.json()).toEqual({
          errors: [],
          code: 'FORBIDDEN',
          message: MEMBER_MESSAGES.PAID_USERS_DOWNGRADE_FIRST,
        });
        expect(await memberRow('Legacy Team', 'lucy@legacy.test')).toEqual({ status: 'ACTIVE' });
      },
    );

    it('a per-seat PRO space lets the owner remove a paid member (the seat stays)', async () => {
      const response = await call(
        'olivia@acme.test',
        'PATCH',
        apiPath('members.removeSeatMembers', { workspaceId: space('Acme Sales') }),
        {
          userEmails: ['mia@acme.test'],
        },
      );
      expect(response.json()).toEqual({ success: true });
      expect(await memberRow('Acme Sales', 'mia@acme.test')).toBeUndefined();
    });
  });

  describe('internationalised addresses are accepted wherever e-mail is validated', () => {
    it('adds josé@exämple.com to the unsubscriptions and the bounces, stored with the domain in punycode', async () => {
      const workspaceId = space('Acme Sales');
      const unsubscribed = await call('olivia@acme.test', 'POST', apiPath('unsubscriptions.add'), {
        workspaceId,
        emailAddresses: ['josé@exämple.com'],
      });
      expect(unsubscribed.statusCode).toBe(200);
      expect(unsubscribed.json()).toMatchObject({ updated: 1 });
      const [unsubscription] = await t.db
        .select({ email: unsubscriptions.email })
        .from(unsubscriptions)
        .where(
          and(
            eq(unsubscriptions.workspaceId, workspaceId),
            eq(unsubscriptions.email, 'josé@xn--exmple-cua.com'),
          ),
        );
      expect(unsubscription).toBeDefined();

      const bounced = await call('olivia@acme.test', 'POST', apiPath('bounces.add'), {
        workspaceId,
        emailAddresses: ['José@Exämple.com'],
      });
      expect(bounced.statusCode).toBe(200);
      const [bounce] = await t.db
        .select({ email: bounces.email })
        .from(bounces)
        .where(and(eq(bounces.workspaceId, workspaceId), eq(bounces.email, 'josé@xn--exmple-cua.com')));
      expect(bounce).toBeDefined();
    });

    it('checks josé@acme.test as a valid member address (no per-address error)', async () => {
      const response = await call(
        'olivia@acme.test',
        'POST',
        apiPath('invitations.invite', { workspaceId: space('Acme Sales') }, 'onlyCheckValidity=true'),
        { userEmails: ['josé@acme.test'] },
      );
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ items: [{ email: 'josé@acme.test', errorMsg: null }] });
    });

    it('still refuses what is not an address', async () => {
      const response = await call('olivia@acme.test', 'POST', apiPath('unsubscriptions.add'), {
        workspaceId: space('Acme Sales'),
        emailAddresses: ['josé@exämple'],
      });
      expect(response.statusCode).toBe(400);
    });
  });
});
