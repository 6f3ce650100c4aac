import { GMAIL_COMPOSE_SCOPE } from '@mergedesk/domain/api/templates';
import { MEMBER_MESSAGES } from '@mergedesk/domain/members/messages';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rolloutStatuses, workspaceMembers } from '../../db/schema';
import type { DemoSeedResult } from '../../seed/seed';
import { bearer, createTestApp, type TestApp } from '../../test/test-app';
import { apiPath } from '../../test/api-path';

/**
 * Adding someone already paid in another space (spec 001 §6 "Member-add restrictions come from
 * rollout flag MULTIPLE_PAYMENT (not for LEGACY)", spec 002 §8 'already_paid_user'): refused while
 * the adder's MULTIPLE_PAYMENT restriction is on, added with the warning code otherwise.
 * mia is a paid member of Acme Sales; olivia adds her to Acme Premium, where nina's pending
 * invitation is cancelled first to free a seat.
 */
describe('adding a person paid in another space (MULTIPLE_PAYMENT)', () => {
  let t: TestApp;
  let demo: DemoSeedResult;
  let premium: string;

  beforeAll(async () => {
    t = await createTestApp();
    demo = await t.seedDemo();
    premium = demo.spaces['Acme Premium']!;
    const freed = await call('DELETE', apiPath('invitations.cancel', { workspaceId: premium }), {
      invitedUserEmails: ['nina@newcomer.test'],
    });
    expect(freed.statusCode).toBe(200);
  });
  afterAll(async () => {
    await t.close();
  });

  const call = async (method: 'POST' | 'DELETE', url: string, payload: object) =>
    t.app.inject({
      method,
      url,
      // With the Gmail compose permission: the invitations leave from olivia's Gmail.
      headers: bearer(
        await t.signIn('olivia@acme.test', { scopes: `openid email profile ${GMAIL_COMPOSE_SCOPE}` }),
      ),
      payload,
    });
  /** olivia's rollout step: 2 restricts MULTIPLE_PAYMENT (steps 1–2) and nothing else she uses here. */
  const setOliviaStep = async (step: number | null) => {
    const userId = demo.users['olivia@acme.test']!;
    await t.db
      .insert(rolloutStatuses)
      .values({ userId, lastActivatedStep: step })
      .onConflictDoUpdate({ target: rolloutStatuses.userId, set: { lastActivatedStep: step } });
  };
  const miaInPremium = async () =>
    (
      await t.db
        .select({ status: workspaceMembers.status, userPlan: workspaceMembers.userPlan })
        .from(workspaceMembers)
        .where(and(eq(workspaceMembers.workspaceId, premium), eq(workspaceMembers.email, 'mia@acme.test')))
    )[0];

  it('refuses her while the adder is restricted, with the spec text and code; a trial user is not paid', async () => {
    await setOliviaStep(2);
    const added = await call('POST', apiPath('members.addSeatMembers', { workspaceId: premium }), {
      userEmails: ['mia@acme.test'],
    });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toEqual({
      success: false,
      results: [
        {
          userEmail: 'mia@acme.test',
          errorDetails: 'mia@acme.test is already a paid user in another space.',
          errorCode: 'already_paid_user',
        },
      ],
    });
    expect(await miaInPremium()).toBeUndefined();

    // The validity-only check of 'Invite users' says the same; tom, in a free trial in Acme Sales, pays nothing.
    const checked = await call(
      'POST',
      apiPath('invitations.invite', { workspaceId: premium }, 'onlyCheckValidity=true'),
      {
        userEmails: ['mia@acme.test', 'tom@acme.test'],
      },
    );
    expect(checked.json()).toEqual({
      items: [
        { email: 'mia@acme.test', errorMsg: 'mia@acme.test is already a paid user in another space.' },
        { email: 'tom@acme.test', errorMsg: null },
      ],
    });
  });

  it('adds her with the already_paid_user warning once the restriction is off', async () => {
    await setOliviaStep(null);
    const added = await call('POST', apiPath('members.addSeatMembers', { workspaceId: premium }), {
      userEmails: ['mia@acme.test'],
    });
    expect(added.json()).toEqual({
      success: true,
      results: [{ userEmail: 'mia@acme.test', errorDetails: null, errorCode: 'already_paid_user' }],
    });
    expect(await miaInPremium()).toEqual({ status: 'PENDING', userPlan: 'PRO' });

    // Already there now: the usual per-address refusal, no paid-elsewhere code.
    const again = await call('POST', apiPath('members.addSeatMembers', { workspaceId: premium }), {
      userEmails: ['mia@acme.test'],
    });
    expect(again.json()).toEqual({
      success: false,
      results: [
        { userEmail: 'mia@acme.test', errorDetails: MEMBER_MESSAGES.ALREADY_INVITED, errorCode: null },
      ],
    });
  });
});
