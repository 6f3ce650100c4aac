import type { ListQuery } from '@mergedesk/domain/api/list-query';
import type { BillingModel, SpacePlan } from '@mergedesk/domain/plans/plans';
import type { SuppressionList } from '@mergedesk/domain/suppressions/permissions';

/**
 * Every TanStack Query key of the web app, made here and nowhere else (lint forbids an inline
 * `queryKey: [` elsewhere): one place shows which keys share a prefix, so an invalidation of a
 * prefix reaches exactly the queries it should. Each `all` is the prefix of its list's pages.
 */
export const queryKeys = {
  /** The signed-in user (spec 000 §4 "The me request"). */
  currentUser: () => ['me'] as const,
  rolloutStatus: () => ['rollout-status'] as const,
  promotions: (project: string, placement: string) => ['promotions', project, placement] as const,
  templates: () => ['templates'] as const,
  /** Spaces of the signed-in user deleted and not yet erased (issue 21). */
  deletedWorkspaces: () => ['deleted-workspaces'] as const,
  workspaces: {
    all: () => ['workspaces'] as const,
    detail: (workspaceId: string) => [...queryKeys.workspaces.all(), workspaceId] as const,
  },
  sentCampaigns: {
    all: (workspaceId: string) => ['sent-campaigns', workspaceId] as const,
    /** The key holds the table state (the date filter, not its range: that is taken per request). */
    page: (workspaceId: string, state: object) =>
      [...queryKeys.sentCampaigns.all(workspaceId), state] as const,
  },
  sentCampaign: {
    detail: (campaignId: string) => ['sent-campaign', campaignId] as const,
    poll: (campaignId: string) => [...queryKeys.sentCampaign.detail(campaignId), 'poll'] as const,
    /** A page of the merge's recipients (issue 9); the key holds the filter and the page. */
    recipients: (campaignId: string, state: object) =>
      [...queryKeys.sentCampaign.detail(campaignId), 'recipients', state] as const,
    links: (campaignId: string) => [...queryKeys.sentCampaign.detail(campaignId), 'links'] as const,
    /** How the sending engine is sending the merge (issue 24); 404 for a merge the add-on sent. */
    sending: (campaignId: string) => [...queryKeys.sentCampaign.detail(campaignId), 'sending'] as const,
    /**
     * A page of the merge's progress (issue 25: the engine's status, counts and the recipients after
     * `after`); under the merge's prefix, so a cancel or a resend asks it again.
     */
    progress: (campaignId: string, after: string | null) =>
      [...queryKeys.sentCampaign.detail(campaignId), 'progress', after] as const,
  },
  scheduledCampaigns: {
    all: (workspaceId: string) => ['scheduled-campaigns', workspaceId] as const,
    page: (workspaceId: string, query: ListQuery) =>
      [...queryKeys.scheduledCampaigns.all(workspaceId), query] as const,
  },
  scheduledCampaign: (id: string) => ['scheduled-campaign', id] as const,
  scheduledCount: (workspaceId: string) => ['scheduled-count', workspaceId] as const,
  /** The space's messages to Gmail addresses in 24 h (issue 24; owners only). */
  gmailMeter: (workspaceId: string) => ['gmail-meter', workspaceId] as const,
  /** The signed-in user's Gmail sending grant (issue 24). */
  gmailConnection: () => ['gmail-connection'] as const,
  /** The dashboard's composer (issue 25): the sender's Gmail drafts and aliases, lists and quota. */
  composer: {
    drafts: () => ['composer', 'drafts'] as const,
    sendAs: () => ['composer', 'send-as'] as const,
    /** Which of the file's addresses the space's lists hold. */
    recipientCheck: (workspaceId: string, emails: readonly string[]) =>
      ['composer', 'recipient-check', workspaceId, emails] as const,
    forecast: (workspaceId: string, count: number, scheduledAt: number | null) =>
      ['composer', 'forecast', workspaceId, count, scheduledAt] as const,
  },
  teamReport: {
    summary: (workspaceId: string) => ['team-report', workspaceId, 'summary'] as const,
    members: (workspaceId: string) => ['team-report', workspaceId, 'members'] as const,
    membersPage: (workspaceId: string, query: ListQuery) =>
      [...queryKeys.teamReport.members(workspaceId), query] as const,
  },
  /** The per-user members list; the owner lookup and the owner candidates share its prefix. */
  members: {
    all: (workspaceId: string) => ['members', workspaceId] as const,
    page: (workspaceId: string, query: ListQuery) => [...queryKeys.members.all(workspaceId), query] as const,
    owner: (workspaceId: string, ownerQuery: ListQuery) =>
      [...queryKeys.members.all(workspaceId), ownerQuery, 'owner'] as const,
    ownerCandidates: (workspaceId: string, billingModel: BillingModel, workspacePlan: SpacePlan | null) =>
      [...queryKeys.members.all(workspaceId), 'owner-candidates', billingModel, workspacePlan] as const,
    /** Under the lists' prefix: every administration action refreshes it. */
    promoteValidity: (workspaceId: string) =>
      [...queryKeys.members.all(workspaceId), 'promote-validity'] as const,
  },
  seatMembers: {
    all: (workspaceId: string) => ['seat-members', workspaceId] as const,
    page: (workspaceId: string, query: ListQuery) =>
      [...queryKeys.seatMembers.all(workspaceId), query] as const,
  },
  /** The member autocomplete of the add/invite e-mail entry, per typed keyword. */
  memberSuggestions: (workspaceId: string, keyword: string) =>
    ['member-suggestions', workspaceId, keyword] as const,
  /** The seat summary of the members screen (its seats change with a billing seat change). */
  seats: (workspaceId: string) => ['seats', workspaceId] as const,
  billing: {
    /** Every billing query of a space (subscriptions, scheduled removals, previews). */
    all: (workspaceId: string) => ['billing', workspaceId] as const,
    subscriptions: (workspaceId: string) => [...queryKeys.billing.all(workspaceId), 'subscriptions'] as const,
    preview: (workspaceId: string, request: unknown) =>
      [...queryKeys.billing.all(workspaceId), 'preview', request] as const,
    removalQuote: (workspaceId: string, subscriptionId: string, target: number) =>
      [...queryKeys.billing.all(workspaceId), 'removal-quote', subscriptionId, target] as const,
    /** The users of a per-user space with their paid flags (the legacy checkout's options). */
    checkoutUsers: (workspaceId: string) =>
      [...queryKeys.billing.all(workspaceId), 'checkout-users'] as const,
    /** What became of the Checkout Session the billing page returned from. */
    checkoutOutcome: (workspaceId: string, sessionId: string) =>
      [...queryKeys.billing.all(workspaceId), 'checkout-outcome', sessionId] as const,
    paymentPlans: (currency: string) => ['payment-plans', currency] as const,
    /** The signed-in user's licence of the stop-automatic-renewal page (not a space's). */
    cancellationLicence: () => ['cancellation-licence'] as const,
  },
  suppressionList: {
    all: (list: SuppressionList, workspaceId: string) => [list, workspaceId] as const,
    page: (list: SuppressionList, workspaceId: string, query: ListQuery) =>
      [...queryKeys.suppressionList.all(list, workspaceId), query] as const,
  },
};
