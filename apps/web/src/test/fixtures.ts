import type { SentCampaign } from '@mergedesk/domain/api/campaigns';
import type { Member, SeatMember } from '@mergedesk/domain/api/members';
import type { CurrentUser, UserWorkspace } from '@mergedesk/domain/api/users';
import type { Workspace } from '@mergedesk/domain/api/workspaces';
import { ADDED_SEAT_TYPE } from '@mergedesk/domain/members/status';

export const ACME_SALES_ID = 'aaaaaaaa-0000-4000-8000-000000000001';
export const ACME_PREMIUM_ID = 'aaaaaaaa-0000-4000-8000-000000000002';

export function userWorkspace(overrides: Partial<UserWorkspace> = {}): UserWorkspace {
  const workspaceId = overrides.workspaceId ?? ACME_SALES_ID;
  return {
    workspaceId,
    workspaceName: 'Acme Sales',
    workspacePlan: 'PRO',
    userPlan: 'PRO',
    userRole: 'OWNER',
    status: 'ACTIVE',
    urlPrefix: `/${workspaceId}/acme-sales`,
    legacyPlanType: null,
    isPerSeat: true,
    workspaceUserFeature: {
      workspacePlan: 'PRO',
      userPlan: 'PRO',
      hasMultiDomain: false,
      allowedUserCount: 10,
      otherFeatures: {
        teamAnalyticsDashboard: true,
        manageUserRoles: true,
        transferOwnerShip: true,
        shareUnsubscribesAcrossWorkspace: false,
        shareBouncesAccrossWorkspace: false,
      },
    },
    counters: { totalNumberOfMailsSent: { count: 0 }, monthlySentMails: [] },
    ...overrides,
  };
}

/** Acme Premium (PREMIUM): its owner's view unless overridden; every Premium feature is on. */
const PREMIUM_FEATURES = {
  teamAnalyticsDashboard: true,
  manageUserRoles: true,
  transferOwnerShip: true,
  shareUnsubscribesAcrossWorkspace: true,
  shareBouncesAccrossWorkspace: true,
};
export const premiumSpace = (overrides: Partial<UserWorkspace> = {}): UserWorkspace =>
  userWorkspace({
    workspaceId: ACME_PREMIUM_ID,
    workspaceName: 'Acme Premium',
    workspacePlan: 'PREMIUM',
    urlPrefix: `/${ACME_PREMIUM_ID}/acme-premium`,
    workspaceUserFeature: {
      workspacePlan: 'PREMIUM',
      userPlan: 'PRO',
      hasMultiDomain: false,
      allowedUserCount: 3,
      otherFeatures: PREMIUM_FEATURES,
    },
    ...overrides,
  });

export function currentUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    userId: 'bbbbbbbb-0000-4000-8000-000000000001',
    id: 'bbbbbbbb-0000-4000-8000-000000000001',
    userEmail: 'olivia@acme.test',
    userName: 'Olivia Owens',
    profilePictureUrl: null,
    isPersonal: 'BUSINESS',
    installationTimestamp: 1_700_000_000_000,
    lastUpdateTimestamp: 1_700_000_000_000,
    domain: { domainName: 'acme.test' },
    addonWorkspaceId: ACME_SALES_ID,
    freeUserQuota: null,
    userWorkspaces: [userWorkspace()],
    ...overrides,
  };
}

/** A fetch Response with a JSON body. */
export const jsonResponse = (status: number, body: unknown): Response =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

/** The details of a space (GET /api/v1/workspaces/{id}); Acme Sales unless overridden. */
export function workspaceDetails(overrides: Partial<Workspace> = {}): Workspace {
  const workspaceId = overrides.workspaceId ?? ACME_SALES_ID;
  const name = overrides.workspaceName ?? 'Acme Sales';
  return {
    workspaceId,
    id: workspaceId,
    workspaceName: name,
    name,
    role: 'OWNER',
    urlPrefix: `/${workspaceId}/acme-sales`,
    workspacePlan: 'PRO',
    plan: 'PRO',
    legacyType: null,
    isPerSeat: true,
    status: 'ACTIVE',
    memberInviteUser: true,
    workspaceUserFeature: { workspacePlan: 'PRO', userPlan: 'PRO' },
    isAddonWorkspace: true,
    workspaceDomains: [{ domainName: 'acme.test' }],
    ...overrides,
  };
}

/** A row of the members list (spec 002 §3 "Member"): an active PRO member unless overridden. */
export const memberRow = (memberEmail: string, overrides: Partial<Member> = {}): Member => ({
  userId: null,
  userName: memberEmail,
  memberEmail,
  userRole: 'MEMBER',
  userPlan: 'PRO',
  memberStatus: 'ACTIVE',
  freeTrialEndTimestamp: null,
  createTimestamp: 0,
  isPersonal: false,
  isUserInDomain: true,
  isScheduledToBeDowngraded: false,
  ...overrides,
});

/** A row of the seat members list (spec 002 §3 "Space member (seat model)"): an active seat holder. */
export const seatMember = (userEmail: string, overrides: Partial<SeatMember> = {}): SeatMember => ({
  workspaceId: ACME_SALES_ID,
  userEmail,
  seatType: ADDED_SEAT_TYPE,
  userId: null,
  userName: userEmail,
  userRole: 'MEMBER',
  userPlan: 'PRO',
  userStatus: 'ACTIVE',
  createTimestamp: 0,
  lastUpdateTimestamp: 0,
  lastBecomePaidTimestamp: null,
  isPersonal: false,
  freeTrialEndTimestamp: null,
  ...overrides,
});

/** March 3rd, 2026, noon local time: long before the fake clock's now. */
export const SENT_LONG_AGO = new Date(2026, 2, 3, 12, 0).getTime();

/** A sent merge of Acme Sales' Leads sheet, sent by olivia on March 3rd, 2026, with no results yet. */
export const sentCampaign = (overrides: Partial<SentCampaign> = {}): SentCampaign => ({
  campaignId: 'c1',
  sentMessageSubject: 'Spring offer',
  mergeSourceSheetKey: 'sheet-1',
  spreadsheetName: 'Leads',
  sheetName: 'Sheet1',
  senderEmail: 'olivia@acme.test',
  senderName: 'Olivia Owens',
  lastUpdateTimestamp: SENT_LONG_AGO,
  createTimestamp: SENT_LONG_AGO,
  lastEmailSentTimestamp: SENT_LONG_AGO,
  eventCounts: {
    sentCount: 0,
    bouncedCount: 0,
    openedCount: 0,
    clickedCount: 0,
    respondedCount: 0,
    unsubscribedCount: 0,
  },
  ...overrides,
});
