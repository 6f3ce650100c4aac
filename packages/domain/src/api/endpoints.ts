import { BILLING_PATHS } from './billing-paths';

/**
 * The endpoint table of the whole API (issue 23 item 4): every route's method and path, once. The
 * server registers its routes from it (apps/server/src/lib/endpoint-route.ts) and the web app calls
 * through it (apps/web/src/lib/api-client.ts callEndpoint); the request and response schemas of the
 * same names are in ./endpoint-schemas.ts. Without zod, so the web app's bundle can import it.
 * Paths are full (no plugin prefix): what the table says is what the server serves.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * What a route answers: `json` (the default) is validated against its response schema in
 * development and tests; the others are not JSON API answers and have no response schema.
 */
export type EndpointKind = 'json' | 'csv' | 'text' | 'html' | 'redirect' | 'image';

export type Endpoint = { method: HttpMethod; path: string; kind?: EndpointKind };

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

export const ENDPOINTS = {
  ...BILLING_ENDPOINTS,
  ...SUPPRESSION_LIST_ENDPOINTS,
  ...MEMBERS_ENDPOINTS,
} as const satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof ENDPOINTS;

/** The names of a path's `:params`, e.g. 'workspaceId' | 'subscriptionId'. */
export type PathParamNames<Path extends string> = Path extends `${string}:${infer Param}/${infer Rest}`
  ? Param | PathParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Param}`
    ? Param
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
