import { BILLING_PATHS } from './billing-paths';

/**
 * The endpoint table of the whole API (issue 23 item 4): every route's method and path, once. The
 * server registers its routes from it (apps/server/src/lib/endpoint-route.ts) and the web app calls
 * through it (apps/web/src/lib/api-client.ts callEndpoint); the request and response schemas of the
 * same names are in ./endpoint-schemas.ts. Without zod, so the web app's bundle can import it.
 * Paths are full (no plugin prefix): what the table says is what the server serves.
 */

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * What a route answers: `json` (the default) is validated against its response schema in
 * development and tests; the others are not JSON API answers and have no response schema.
 */
type EndpointKind = 'json' | 'csv' | 'text' | 'html' | 'redirect' | 'image';

/** `status`: the success status when it is not 200 (201 Created, 202 Accepted, 204 No Content). */
export type Endpoint = { method: HttpMethod; path: string; kind?: EndpointKind; status?: 201 | 202 | 204 };

const BILLING_ENDPOINTS = {
  'billing.subscriptionsV1': { method: 'GET', path: BILLING_PATHS.subscriptionsV1 },
  'billing.subscriptionsV2': { method: 'GET', path: BILLING_PATHS.subscriptionsV2 },
  'billing.updateSubscription': { method: 'PUT', path: BILLING_PATHS.subscriptionV1 },
  'billing.paymentPlans': { method: 'GET', path: BILLING_PATHS.paymentPlans },
  'billing.customerPortal': { method: 'GET', path: BILLING_PATHS.customerPortal },
  'billing.latestInvoice': { method: 'GET', path: BILLING_PATHS.latestInvoice },
  'billing.paymentIntentSecret': { method: 'GET', path: BILLING_PATHS.paymentIntentSecret },
  'billing.checkoutInfoV1': { method: 'POST', path: BILLING_PATHS.checkoutInfoV1 },
  'billing.checkoutInfoV2': { method: 'POST', path: BILLING_PATHS.checkoutInfoV2 },
  'billing.checkoutUsers': { method: 'GET', path: BILLING_PATHS.checkoutUsers },
  'billing.checkoutSessionV1': { method: 'POST', path: BILLING_PATHS.checkoutSessionV1 },
  'billing.checkoutSessionV2': { method: 'POST', path: BILLING_PATHS.checkoutSessionV2 },
  'billing.checkoutOutcome': { method: 'GET', path: BILLING_PATHS.checkoutOutcome },
  'billing.addSeats': { method: 'POST', path: BILLING_PATHS.seats },
  'billing.seatRemovalQuote': { method: 'POST', path: BILLING_PATHS.seatRemovalQuote },
  'billing.scheduledRemoval': { method: 'GET', path: BILLING_PATHS.scheduledRemovals },
  'billing.scheduleSeatRemoval': { method: 'POST', path: BILLING_PATHS.scheduledRemovals },
  'billing.cancelSeatRemoval': { method: 'DELETE', path: BILLING_PATHS.scheduledRemovals },
  'billing.cancellationLicence': { method: 'GET', path: BILLING_PATHS.cancellationLicence },
  'billing.cancelAutoRenewal': { method: 'POST', path: BILLING_PATHS.cancelAutoRenewal },
  'billing.stripeWebhook': { method: 'POST', path: BILLING_PATHS.stripeWebhook },
} as const;

/** Spec 002 §7 "Unsubscriptions" and "Bounces": the suppression lists of a space (under /api/v1). */
const SUPPRESSION_LIST_ENDPOINTS = {
  'unsubscriptions.list': { method: 'GET', path: '/api/v1/users/me/workspaces/:id/unsubscriptions' },
  'unsubscriptions.export': {
    method: 'GET',
    path: '/api/v1/users/me/workspaces/:id/unsubscriptions/export',
    kind: 'csv',
  },
  'unsubscriptions.add': {
    method: 'POST',
    path: '/api/v1/users/workspace-activation-add-unsubscriptions/me',
  },
  'unsubscriptions.delete': {
    method: 'DELETE',
    path: '/api/v1/users/workspace-activation-delete-unsubscriptions/me/:workspaceId/:emailAddress',
  },
  'bounces.list': { method: 'GET', path: '/api/v1/users/me/workspaces/:workspaceId/bounces' },
  'bounces.export': {
    method: 'GET',
    path: '/api/v1/users/me/workspaces/:workspaceId/bounces/export',
    kind: 'csv',
  },
  'bounces.add': { method: 'POST', path: '/api/v1/users/workspace-activation-add-bounces/me' },
  'bounces.delete': {
    method: 'DELETE',
    path: '/api/v1/users/workspace-activation-delete-bounces/me/:workspaceId/:emailAddress',
  },
} as const;

/** Spec 002 §7 "Members and users": members, seats, invitations and ownership of a space. */
const MEMBERS_ENDPOINTS = {
  'members.list': { method: 'GET', path: '/api/workspaces/:workspaceId/members' },
  'members.seatMembers': { method: 'GET', path: '/api/workspaces/:workspaceId/users/v1' },
  'members.seats': { method: 'GET', path: '/api/workspaces/:workspaceId/seats' },
  'members.addSeatMembers': { method: 'POST', path: '/api/workspaces/:workspaceId/users/v1' },
  'members.removeSeatMembers': { method: 'PATCH', path: '/api/workspaces/:workspaceId/users/v1' },
  'members.addLegacyUsers': { method: 'POST', path: '/api/workspaces/:workspaceId/members' },
  'members.remove': { method: 'DELETE', path: '/api/workspaces/:workspaceId/members' },
  'members.changeRoles': { method: 'PUT', path: '/api/workspaces/:workspaceId/members/change-role' },
  'members.activate': { method: 'PUT', path: '/api/workspaces/:workspaceId/members/activate' },
  'members.promoteValidity': { method: 'GET', path: '/api/workspaces/:workspaceId/members/promote-validity' },
  'members.giveSeats': { method: 'PUT', path: '/api/workspaces/:workspaceId/members/seats' },
  'members.transferOwnership': { method: 'PUT', path: '/api/workspaces/:workspaceId/owner' },
  'invitations.invite': { method: 'POST', path: '/api/workspaces/:workspaceId/invitations' },
  'invitations.resend': { method: 'PUT', path: '/api/workspaces/:workspaceId/invitations/resend' },
  'invitations.cancel': { method: 'DELETE', path: '/api/workspaces/:workspaceId/invitations' },
  'invitations.accept': { method: 'PUT', path: '/api/invitations/:token/accept' },
} as const;

/** Spec 002 §7 "Mail merges": sent mail merges, their recipients, links and polls. */
const CAMPAIGN_ENDPOINTS = {
  'campaigns.list': { method: 'GET', path: '/api/v1/users/me/campaigns' },
  'campaigns.get': { method: 'GET', path: '/api/v1/users/me/campaigns/:id' },
  'campaigns.pollResults': { method: 'GET', path: '/api/v1/users/me/campaigns/:id/pollResults' },
  'campaigns.pollResponses': { method: 'GET', path: '/api/v1/users/me/campaigns/:id/pollResponses' },
  'campaigns.count': { method: 'GET', path: '/api/v1/users/me/workspaces/:id/campaigns/count' },
  'campaigns.recipients': { method: 'GET', path: '/api/v1/users/me/campaigns/:id/recipients' },
  'campaigns.recipientsExport': {
    method: 'GET',
    path: '/api/v1/users/me/campaigns/:id/recipients/export',
    kind: 'csv',
  },
  'campaigns.links': { method: 'GET', path: '/api/v1/users/me/campaigns/:id/links' },
} as const;

/** Spec 002 §7: scheduled mail merges. */
const SCHEDULED_CAMPAIGN_ENDPOINTS = {
  'scheduledCampaigns.list': { method: 'GET', path: '/api/v1/users/me/scheduled-campaigns' },
  'scheduledCampaigns.get': { method: 'GET', path: '/api/v1/users/me/scheduled-campaigns/:id' },
  'scheduledCampaigns.cancel': {
    method: 'DELETE',
    path: '/api/v1/users/me/scheduledCampaigns/:scheduledMergeId',
  },
} as const;

/** Spec 002 §7 "Team report". */
const TEAM_REPORT_ENDPOINTS = {
  'teamReport.members': { method: 'GET', path: '/api/workspaces/:id/team-report/members' },
  'teamReport.summary': { method: 'GET', path: '/api/workspaces/:id/team-report/summary' },
} as const;

/** Spec 002 §7 "Templates": the gallery and a draft from a template. */
const TEMPLATE_ENDPOINTS = {
  'templates.list': { method: 'GET', path: '/api/v1/templates' },
  'templates.createDraft': { method: 'POST', path: '/api/v1/users/:userId/drafts' },
} as const;

/** Spec 000 §7: spaces. */
const WORKSPACE_ENDPOINTS = {
  'workspaces.list': { method: 'GET', path: '/api/v1/workspaces' },
  'workspaces.get': { method: 'GET', path: '/api/v1/workspaces/:id' },
  'workspaces.create': { method: 'POST', path: '/api/v1/workspaces', status: 201 },
  'workspaces.update': { method: 'PUT', path: '/api/v1/workspaces/:id' },
} as const;

/** Spec 000 §7: the current user, suggestions, rollout status, account creation. */
const USER_ENDPOINTS = {
  'users.me': { method: 'GET', path: '/api/v2/users/me' },
  'users.suggest': { method: 'GET', path: '/api/v2/users/suggest' },
  'users.rolloutStatus': { method: 'GET', path: '/api/v2/users/workspace-activation-status/me' },
  'users.create': { method: 'POST', path: '/api/v2/users/workspace-activation-create-user', status: 201 },
  'users.get': { method: 'GET', path: '/api/v2/users/:id' },
} as const;

/** Leaving, deleting and restoring a space (issue 21). */
const SPACE_LIFE_ENDPOINTS = {
  'spaceLife.deletedSpaces': { method: 'GET', path: '/api/v1/deleted-workspaces' },
  'spaceLife.leave': { method: 'POST', path: '/api/v1/workspaces/:id/leave' },
  'spaceLife.delete': { method: 'DELETE', path: '/api/v1/workspaces/:id' },
  'spaceLife.restore': { method: 'POST', path: '/api/v1/deleted-workspaces/:id/restore' },
} as const;

/** Usage events of the web app (analytics). */
const EVENT_ENDPOINTS = {
  'events.track': { method: 'POST', path: '/api/v1/events', status: 202 },
} as const;

/** Spec 000 §7: promotions ("cannon"). */
const PROMOTION_ENDPOINTS = {
  'promotions.list': { method: 'GET', path: '/api/cannon' },
} as const;

/** The add-on's ingest API (ARCHITECTURE.md "API surface"; ours). */
const ADDON_ENDPOINTS = {
  'addon.createCampaign': { method: 'POST', path: '/api/addon/campaigns', status: 201 },
  'addon.createScheduledCampaign': { method: 'POST', path: '/api/addon/scheduled-campaigns', status: 201 },
  'addon.updateScheduledCampaign': { method: 'PUT', path: '/api/addon/scheduled-campaigns/:id' },
  'addon.reportBounces': { method: 'POST', path: '/api/addon/campaigns/:id/bounces' },
  'addon.reportReplies': { method: 'POST', path: '/api/addon/campaigns/:id/replies' },
} as const;

/** The sending engine (issue 24; api/sending.ts): merges sent by the server through the sender's Gmail. */
const SENDING_ENDPOINTS = {
  'merges.start': { method: 'POST', path: '/api/addon/merges', status: 202 },
  'merges.get': { method: 'GET', path: '/api/addon/merges/:id' },
  'merges.quota': { method: 'GET', path: '/api/addon/quota' },
  'merges.campaignSending': { method: 'GET', path: '/api/v1/users/me/campaigns/:id/sending' },
  'merges.cancel': { method: 'POST', path: '/api/v1/users/me/campaigns/:id/cancel-sending' },
  'merges.resendFailed': { method: 'POST', path: '/api/v1/users/me/campaigns/:id/resend-failed' },
  'merges.gmailMeter': { method: 'GET', path: '/api/v1/users/me/workspaces/:id/gmail-meter' },
} as const;

/** The dashboard's composer (issue 25; api/composer.ts): what it needs besides the sending engine's calls. */
const COMPOSER_ENDPOINTS = {
  'composer.drafts': { method: 'GET', path: '/api/v1/users/me/gmail/drafts' },
  'composer.draft': { method: 'GET', path: '/api/v1/users/me/gmail/drafts/:id' },
  'composer.sendAs': { method: 'GET', path: '/api/v1/users/me/gmail/send-as' },
  'composer.recipientCheck': { method: 'POST', path: '/api/v1/users/me/workspaces/:id/recipient-check' },
  'composer.testSend': { method: 'POST', path: '/api/v1/users/me/workspaces/:id/test-send', status: 202 },
  'composer.forecast': { method: 'GET', path: '/api/v1/users/me/workspaces/:id/sending-forecast' },
} as const;

/** The base of the sign-in endpoints: the session cookies are scoped to it. */
export const AUTH_BASE_PATH = '/api/v1/auth';

/** Spec 000 §7: sign-in and session (the session cookies are scoped to AUTH_BASE_PATH). */
const AUTH_ENDPOINTS = {
  'auth.authorize': { method: 'GET', path: `${AUTH_BASE_PATH}/authorize`, kind: 'redirect' },
  'auth.token': { method: 'POST', path: `${AUTH_BASE_PATH}/token` },
  'auth.grant': { method: 'POST', path: `${AUTH_BASE_PATH}/grant` },
  'auth.refreshToken': { method: 'POST', path: `${AUTH_BASE_PATH}/refresh-token` },
  'auth.revoke': { method: 'POST', path: `${AUTH_BASE_PATH}/revoke`, status: 204 },
} as const;

/**
 * The sender's Gmail grant (issue 24): an incremental consent for gmail.send with offline access.
 * Connect and its callback are under AUTH_BASE_PATH, where the session cookie is sent.
 */
const GMAIL_ENDPOINTS = {
  'gmail.status': { method: 'GET', path: '/api/v1/users/me/gmail' },
  'gmail.disconnect': { method: 'DELETE', path: '/api/v1/users/me/gmail', status: 204 },
  'gmail.connect': { method: 'GET', path: `${AUTH_BASE_PATH}/gmail/connect`, kind: 'redirect' },
  'gmail.callback': { method: 'GET', path: `${AUTH_BASE_PATH}/gmail/callback`, kind: 'redirect' },
} as const;

/**
 * Tracking links in the mails sent (ours): not JSON API endpoints. The open pixel and the click are
 * answered by node:http before Fastify (apps/server/src/modules/tracking/tracking-fast-path.ts).
 */
const TRACKING_ENDPOINTS = {
  'tracking.open': { method: 'GET', path: '/t/o/:token.gif', kind: 'image' },
  'tracking.click': { method: 'GET', path: '/t/c/:token/:linkIndex', kind: 'redirect' },
  'tracking.unsubscribePage': { method: 'GET', path: '/t/u/:token', kind: 'html' },
  'tracking.unsubscribe': { method: 'POST', path: '/t/u/:token', kind: 'text' },
  'tracking.formResponse': { method: 'GET', path: '/t/f/:token', kind: 'redirect' },
} as const;

/** Operations (ours): probes and Prometheus metrics, outside the API bases. */
const OPERATIONS_ENDPOINTS = {
  'health.liveness': { method: 'GET', path: '/healthz' },
  'health.readiness': { method: 'GET', path: '/readyz' },
  'health.metrics': { method: 'GET', path: '/metrics', kind: 'text' },
  /**
   * Registered on a local set-up whose GMAIL_API_URL is the Gmail stand-in on this machine only:
   * redirects to the stand-in's mailbox page (dev-services/gmail-emulator, issue 24).
   */
  'development.mailbox': { method: 'GET', path: '/dev/mailbox', kind: 'redirect' },
} as const;

export const ENDPOINTS = {
  ...BILLING_ENDPOINTS,
  ...SUPPRESSION_LIST_ENDPOINTS,
  ...MEMBERS_ENDPOINTS,
  ...CAMPAIGN_ENDPOINTS,
  ...SCHEDULED_CAMPAIGN_ENDPOINTS,
  ...TEAM_REPORT_ENDPOINTS,
  ...TEMPLATE_ENDPOINTS,
  ...WORKSPACE_ENDPOINTS,
  ...USER_ENDPOINTS,
  ...SPACE_LIFE_ENDPOINTS,
  ...EVENT_ENDPOINTS,
  ...PROMOTION_ENDPOINTS,
  ...ADDON_ENDPOINTS,
  ...SENDING_ENDPOINTS,
  ...COMPOSER_ENDPOINTS,
  ...AUTH_ENDPOINTS,
  ...GMAIL_ENDPOINTS,
  ...TRACKING_ENDPOINTS,
  ...OPERATIONS_ENDPOINTS,
} as const satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof ENDPOINTS;

/** The names of a path's `:params`, e.g. 'workspaceId' | 'subscriptionId'. */
type PathParamNames<Path extends string> = Path extends `${string}:${infer Param}/${infer Rest}`
  ? Param | PathParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Param}`
    ? Param extends `${infer Name}.${string}`
      ? Name // '/t/o/:token.gif': the parameter is 'token', as endpointPath reads it
      : Param
    : never;

/** The `:params` an endpoint's path needs. */
export type EndpointPathParams<N extends EndpointName> = {
  [Param in PathParamNames<(typeof ENDPOINTS)[N]['path']>]: string;
};

/** An endpoint's path with its `:params` filled (URI-encoded); a missing one throws. */
export function endpointPath(path: string, params: Readonly<Record<string, string>> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter '${name}' for ${path}`);
    return encodeURIComponent(value);
  });
}
