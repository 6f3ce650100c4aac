import { deriveEntitlements, toOtherFeatures } from '@mergedesk/domain/plans/entitlements';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useSeededTestApp } from '../test/seeded-app';
import { hashInvitationToken } from '../lib/invitation-token';
import {
  invitations,
  rolloutStatuses,
  users,
  workspaceDomains,
  workspaceMembers,
  workspaces,
} from '../db/schema';

/** The facts of shared/demo-data.md that tests and demos rely on. */
describe('demo seed', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  const t = useSeededTestApp({ now });

  const membersOf = async (spaceName: string) =>
    t.db
      .select({
        email: workspaceMembers.email,
        linked: workspaceMembers.userId,
        role: workspaceMembers.role,
        userPlan: workspaceMembers.userPlan,
        status: workspaceMembers.status,
        trialEnd: workspaceMembers.freeTrialEndTimestamp,
      })
      .from(workspaceMembers)
      .where(eq(workspaceMembers.workspaceId, t.demo.spaces[spaceName]!))
      .orderBy(asc(workspaceMembers.createdAt));

  const spaceRow = async (spaceName: string) =>
    (
      await t.db
        .select({
          plan: workspaces.plan,
          legacyType: workspaces.legacyType,
          billingModel: workspaces.billingModel,
          freeAllowedUserCount: workspaces.freeAllowedUserCount,
          proAllowedUserCount: workspaces.proAllowedUserCount,
        })
        .from(workspaces)
        .where(eq(workspaces.id, t.demo.spaces[spaceName]!))
    )[0];
  /** The space's features as every read derives them (issue 21: the seed writes none by hand). */
  const featuresOf = async (spaceName: string) => {
    const row = (await spaceRow(spaceName))!;
    return toOtherFeatures(
      deriveEntitlements({
        workspacePlan: row.plan,
        legacyType: row.legacyType,
        member: { userPlan: 'FREE' },
      }),
    );
  };

  it('creates Acme Sales with its members, domain and features', async () => {
    expect(await spaceRow('Acme Sales')).toMatchObject({ plan: 'PRO', billingModel: 'PER_SEAT' });
    expect(await featuresOf('Acme Sales')).toMatchObject({
      teamAnalyticsDashboard: true,
      manageUserRoles: true,
      transferOwnerShip: true,
      shareUnsubscribesAcrossWorkspace: false,
    });
    const members = await membersOf('Acme Sales');
    expect(members.map(({ email, role, userPlan, status }) => [email, role, userPlan, status])).toEqual([
      ['olivia@acme.test', 'OWNER', 'PRO', 'ACTIVE'],
      ['adam@acme.test', 'ADMIN', 'PRO', 'ACTIVE'],
      ['mia@acme.test', 'MEMBER', 'PRO', 'ACTIVE'],
      ['fred@acme.test', 'MEMBER', 'FREE', 'ACTIVE'],
      ['dora@acme.test', 'MEMBER', 'PRO', 'DISABLED'],
      ['paula@acme.test', 'MEMBER', 'PRO', 'PENDING'],
      ['tom@acme.test', 'MEMBER', 'PRO', 'FREE_TRIAL'],
      ['nina@newcomer.test', 'MEMBER', 'PRO', 'PENDING'],
    ]);
    expect(members.find((member) => member.email === 'paula@acme.test')?.linked).toBeNull();
    expect(members.find((member) => member.email === 'tom@acme.test')?.trialEnd).toEqual(
      new Date('2026-12-02T12:00:00Z'),
    );
    const domains = await t.db
      .select({ domainName: workspaceDomains.domainName })
      .from(workspaceDomains)
      .where(eq(workspaceDomains.workspaceId, t.demo.spaces['Acme Sales']!));
    expect(domains).toEqual([{ domainName: 'acme.test' }]);
  });

  it('creates the other spaces of the demo', async () => {
    expect(await spaceRow('Acme Premium')).toMatchObject({ plan: 'PREMIUM' });
    expect(await featuresOf('Acme Premium')).toMatchObject({
      shareUnsubscribesAcrossWorkspace: true,
      shareBouncesAccrossWorkspace: true,
    });
    expect(await featuresOf('Legacy Team')).toEqual({
      teamAnalyticsDashboard: true,
      manageUserRoles: false,
      transferOwnerShip: false,
      shareUnsubscribesAcrossWorkspace: false,
      shareBouncesAccrossWorkspace: false,
    });
    expect(await featuresOf("Gina's space")).toMatchObject({
      teamAnalyticsDashboard: false,
      manageUserRoles: false,
    });
    expect((await membersOf('Acme Premium')).map(({ email, role, status }) => [email, role, status])).toEqual(
      [
        ['olivia@acme.test', 'OWNER', 'ACTIVE'],
        ['adam@acme.test', 'MEMBER', 'ACTIVE'],
        ['nina@newcomer.test', 'MEMBER', 'PENDING'],
      ],
    );
    expect(await spaceRow("Penny's space")).toMatchObject({
      plan: 'LEGACY',
      legacyType: 'PERSONAL',
      billingModel: 'PER_USER',
    });
    expect((await membersOf("Penny's space"))[0]).toMatchObject({ role: 'OWNER', userPlan: 'PRO_PERSONAL' });
    expect(await spaceRow('Legacy Team')).toMatchObject({
      plan: 'LEGACY',
      legacyType: 'TEAM',
      billingModel: 'PER_USER',
      freeAllowedUserCount: 2,
      proAllowedUserCount: 10,
    });
    const legacy = await membersOf('Legacy Team');
    expect(legacy[0]).toMatchObject({ email: 'leo@legacy.test', role: 'OWNER' });
    const others = legacy.slice(1);
    expect(others.filter((m) => m.userPlan === 'PRO' && m.status === 'ACTIVE')).toHaveLength(4);
    expect(others.filter((m) => m.userPlan === 'FREE' && m.status === 'ACTIVE')).toHaveLength(2);
    expect(others.filter((m) => m.status === 'FREE_TRIAL')).toHaveLength(1);
    expect(others.filter((m) => m.status === 'DISABLED')).toHaveLength(1);
    expect(await spaceRow('Offline Team')).toMatchObject({
      plan: 'OFFLINE',
      legacyType: null,
      billingModel: 'PER_USER',
      proAllowedUserCount: 25,
    });
    expect((await membersOf('Offline Team')).map(({ email, role }) => [email, role])).toEqual([
      ['leo@legacy.test', 'OWNER'],
      ['lara@legacy.test', 'ADMIN'],
      ['liam@legacy.test', 'MEMBER'],
      ['fiona@legacy.test', 'MEMBER'],
    ]);
    for (const name of ['Max 1', 'Max 2', 'Max 3', 'Max 4', 'Max 5', "Gina's space", "Sam's space"]) {
      expect(await spaceRow(name)).toMatchObject({ plan: 'FREE', billingModel: 'PER_SEAT' });
      expect((await membersOf(name)).map((member) => member.role)).toEqual(['OWNER']);
    }
  });

  it('creates the billing demo spaces beyond demo-data.md: support, free per user, two domains per user', async () => {
    expect(await spaceRow('Support Team')).toMatchObject({ plan: 'PRO', billingModel: 'PER_SEAT' });
    expect(
      (await membersOf('Support Team')).map(({ email, role, userPlan }) => [email, role, userPlan]),
    ).toEqual([
      ['sue@support.test', 'OWNER', 'PRO'],
      ['sid@support.test', 'MEMBER', 'PRO'],
    ]);
    expect(await spaceRow('Classic Team')).toMatchObject({
      plan: 'FREE',
      billingModel: 'PER_USER',
      freeAllowedUserCount: 3,
      proAllowedUserCount: 10,
    });
    expect(
      (await membersOf('Classic Team')).map(({ email, role, userPlan }) => [email, role, userPlan]),
    ).toEqual([
      ['carl@classic.test', 'OWNER', 'FREE'],
      ['cara@classic.test', 'MEMBER', 'FREE'],
      ['cody@classic.test', 'MEMBER', 'FREE'],
    ]);
    expect(await spaceRow('Global Team')).toMatchObject({ plan: 'PREMIUM', billingModel: 'PER_USER' });
    expect(
      (await membersOf('Global Team')).map(({ email, role, userPlan }) => [email, role, userPlan]),
    ).toEqual([
      ['gwen@global.test', 'OWNER', 'PRO'],
      ['gabe@global.test', 'ADMIN', 'PRO'],
      ['gus@partner.test', 'MEMBER', 'PRO'],
      ['gail@partner.test', 'MEMBER', 'FREE'],
    ]);
    const globalDomains = await t.db
      .select({ domainName: workspaceDomains.domainName })
      .from(workspaceDomains)
      .where(eq(workspaceDomains.workspaceId, t.demo.spaces['Global Team']!));
    expect(globalDomains.map((row) => row.domainName).sort()).toEqual(['global.test', 'partner.test']);
    const [global] = await t.db
      .select({ hasMultiDomain: workspaces.hasMultiDomain })
      .from(workspaces)
      .where(eq(workspaces.id, t.demo.spaces['Global Team']!));
    expect(global).toEqual({ hasMultiDomain: true });
  });

  it('creates the accounts with their installation, add-on space and rollout step', async () => {
    const rows = await t.db
      .select({
        email: users.email,
        userType: users.userType,
        installed: users.installationTimestamp,
        addon: users.addonWorkspaceId,
        step: rolloutStatuses.lastActivatedStep,
      })
      .from(users)
      .leftJoin(rolloutStatuses, eq(rolloutStatuses.userId, users.id));
    const byEmail = new Map(rows.map((row) => [row.email, row]));
    expect(byEmail.get('olivia@acme.test')).toMatchObject({
      userType: 'BUSINESS',
      addon: t.demo.spaces['Acme Sales'],
      step: null,
    });
    expect(byEmail.get('olivia@acme.test')?.installed).toBeInstanceOf(Date);
    expect(byEmail.get('gina@gmail.com')).toMatchObject({ userType: 'STANDARD', installed: null });
    expect(byEmail.get('sam@acme.test')).toMatchObject({ step: 3 });
    expect(byEmail.has('nina@newcomer.test')).toBe(false);
    expect(byEmail.has('paula@acme.test')).toBe(false);
    expect(byEmail.has('tom@acme.test')).toBe(true);
    const withoutInstallation = rows.filter((row) => row.installed === null).map((row) => row.email);
    expect(withoutInstallation).toEqual(['gina@gmail.com']);
    expect(rows.every((row) => row.addon !== null)).toBe(true);
  });

  it('stores the demo invitations with their fixed tokens hashed, and the seats of the paid spaces', async () => {
    const rows = await t.db
      .select({
        workspaceId: invitations.workspaceId,
        email: invitations.email,
        tokenHash: invitations.tokenHash,
        status: invitations.status,
        expiresAt: invitations.expiresAt,
        memberStatus: workspaceMembers.status,
      })
      .from(invitations)
      .leftJoin(workspaceMembers, eq(workspaceMembers.id, invitations.memberId));
    const byToken = (token: string) => rows.find((row) => row.tokenHash === hashInvitationToken(token));
    expect(rows.some((row) => row.tokenHash.startsWith('demo-'))).toBe(false);
    expect(byToken('demo-nina-acme-sales')).toMatchObject({
      workspaceId: t.demo.spaces['Acme Sales'],
      email: 'nina@newcomer.test',
      status: 'PENDING',
      memberStatus: 'PENDING',
    });
    expect(byToken('demo-nina-acme-sales')!.expiresAt.getTime()).toBeGreaterThan(now.getTime());
    expect(byToken('demo-cancelled')).toMatchObject({ status: 'CANCELLED', memberStatus: null });
    expect(byToken('demo-adam-premium')).toMatchObject({
      workspaceId: t.demo.spaces['Acme Premium'],
      email: 'adam@acme.test',
      status: 'ACCEPTED',
      memberStatus: 'ACTIVE',
    });
    expect(byToken('demo-expired')).toMatchObject({ status: 'PENDING', memberStatus: 'PENDING' });
    expect(byToken('demo-expired')!.expiresAt.getTime()).toBeLessThan(now.getTime());

    const seats = await t.db
      .select({ name: workspaces.name, seatTotal: workspaces.seatTotal })
      .from(workspaces);
    const seatsOf = (name: string) => seats.find((row) => row.name === name)?.seatTotal;
    expect(seatsOf('Acme Sales')).toBe(10);
    expect(seatsOf('Acme Premium')).toBe(3);
    expect(seatsOf("Gina's space")).toBeNull();
    expect(seatsOf('Support Team')).toBe(20);
  });
});
