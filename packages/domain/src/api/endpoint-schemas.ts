import { z } from 'zod';

import {
  addonScheduledCampaignSchema,
  campaignAddressesBodySchema,
  campaignReportResponseSchema,
  createScheduledCampaignBodySchema,
  sentCampaignBodySchema,
  sentCampaignResponseSchema,
  updateScheduledCampaignBodySchema,
} from './addon';
import {
  authorizeQuerySchema,
  authSessionSchema,
  grantResponseSchema,
  sessionRequestSchema,
  tokenRequestSchema,
  tokenResponseSchema,
} from './auth';
import {
  addBouncesBodySchema,
  addBouncesResponseSchema,
  bounceListSchema,
  deleteBounceParamsSchema,
} from './bounces';
import { campaignLinkStatsSchema, campaignRecipientListSchema } from './campaign-recipients';
import {
  campaignCountParamsSchema,
  campaignCountQuerySchema,
  campaignCountSchema,
  campaignParamsSchema,
  pollResponsesSchema,
  pollResultsSchema,
  sentCampaignListSchema,
  sentCampaignSchema,
} from './campaigns';
import { usageEventSchema } from './events';
import {
  campaignSendingSchema,
  gmailConnectionSchema,
  gmailConnectQuerySchema,
  gmailMeterSchema,
  mergeParamsSchema,
  mergeQuerySchema,
  mergeStatusSchema,
  quotaQuerySchema,
  senderQuotaSchema,
  startMergeBodySchema,
  startMergeResponseSchema,
} from './sending';
import {
  gmailDraftListSchema,
  gmailDraftParamsSchema,
  gmailDraftSchema,
  recipientCheckBodySchema,
  recipientCheckResponseSchema,
  sendAsListSchema,
  sendingForecastQuerySchema,
  sendingForecastSchema,
  testSendBodySchema,
  testSendResponseSchema,
} from './composer';
import {
  acceptInvitationResponseSchema,
  invitationTokenParamsSchema,
  inviteBodySchema,
  invitedEmailsBodySchema,
} from './invitations';
import { listQuerySchema } from './list-query';
import {
  activateMembersBodySchema,
  addMembersResponseSchema,
  changeRoleBodySchema,
  giveSeatsBodySchema,
  giveSeatsResponseSchema,
  memberListSchema,
  onlyCheckValidityQuerySchema,
  promoteValidityResponseSchema,
  removeMembersBodySchema,
  seatMemberListSchema,
  spaceSeatsSchema,
  successResponseSchema,
  transferOwnershipBodySchema,
  transferOwnershipResponseSchema,
  userEmailsBodySchema,
  validityResponseSchema,
  workspaceIdParamsSchema,
} from './members';
import { promotionsQuerySchema, promotionsResponseSchema } from './promotions';
import {
  cancelScheduledCampaignParamsSchema,
  cancelScheduledCampaignResponseSchema,
  scheduledCampaignListSchema,
  scheduledCampaignParamsSchema,
  scheduledCampaignSchema,
} from './scheduled-campaigns';
import {
  deletedWorkspaceListSchema,
  deletedWorkspaceSchema,
  deleteWorkspaceBodySchema,
  leaveWorkspaceResponseSchema,
} from './space-life';
import { teamMemberListSchema, teamReportParamsSchema, teamSummarySchema } from './team-report';
import {
  createDraftBodySchema,
  createDraftParamsSchema,
  createDraftResponseSchema,
  templateListSchema,
} from './templates';
import {
  addUnsubscriptionsBodySchema,
  addUnsubscriptionsResponseSchema,
  deleteUnsubscriptionParamsSchema,
  unsubscriptionListSchema,
} from './unsubscriptions';
import {
  createUserBodySchema,
  createUserQuerySchema,
  currentUserSchema,
  getUserQuerySchema,
  rolloutStatusQuerySchema,
  rolloutStatusSchema,
  suggestQuerySchema,
  suggestResponseSchema,
} from './users';
import {
  createWorkspaceBodySchema,
  getWorkspaceQuerySchema,
  updateWorkspaceBodySchema,
  workspaceListSchema,
  workspaceSchema,
} from './workspaces';
import { BILLING_SCHEMAS } from './billing-endpoint-schemas';
import type { EndpointName } from './endpoints';

/**
 * The request and response schemas of every endpoint of ./endpoints.ts, by the same names. The
 * server validates requests with them and, in development and tests, every JSON answer
 * (apps/server/src/lib/endpoint-route.ts); the web app takes its types from them (`import type`).
 * `response` is the 200 answer; a non-JSON endpoint (csv, redirect…) has none.
 */
export type EndpointSchema = {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response?: z.ZodType;
};

/**
 * Path parameters shared by many endpoints. Not a uuid check: a malformed id is answered like an
 * unknown one, 404 (ARCHITECTURE.md).
 */
const idParams = z.object({ id: z.string() });
const workspaceIdParams = z.object({ workspaceId: z.string() });
/** An answer with nothing to say. */
const emptyResponse = z.object({});

/** The CSV export of a suppression list: the list's filter and order, no paging. */
const exportQuery = listQuerySchema.pick({ filterBy: true, sortBy: true });

const SUPPRESSION_LIST_SCHEMAS = {
  'unsubscriptions.list': { params: idParams, query: listQuerySchema, response: unsubscriptionListSchema },
  'unsubscriptions.export': { params: idParams, query: exportQuery },
  'unsubscriptions.add': { body: addUnsubscriptionsBodySchema, response: addUnsubscriptionsResponseSchema },
  'unsubscriptions.delete': { params: deleteUnsubscriptionParamsSchema, response: emptyResponse },
  'bounces.list': { params: workspaceIdParams, query: listQuerySchema, response: bounceListSchema },
  'bounces.export': { params: workspaceIdParams, query: exportQuery },
  'bounces.add': { body: addBouncesBodySchema, response: addBouncesResponseSchema },
  'bounces.delete': { params: deleteBounceParamsSchema, response: emptyResponse },
} as const;

const MEMBERS_SCHEMAS = {
  'members.list': { params: workspaceIdParamsSchema, query: listQuerySchema, response: memberListSchema },
  'members.seatMembers': {
    params: workspaceIdParamsSchema,
    query: listQuerySchema,
    response: seatMemberListSchema,
  },
  'members.seats': { params: workspaceIdParamsSchema, response: spaceSeatsSchema },
  'members.addSeatMembers': {
    params: workspaceIdParamsSchema,
    body: userEmailsBodySchema,
    response: addMembersResponseSchema,
  },
  'members.removeSeatMembers': {
    params: workspaceIdParamsSchema,
    body: userEmailsBodySchema,
    response: successResponseSchema,
  },
  'members.addLegacyUsers': {
    params: workspaceIdParamsSchema,
    query: onlyCheckValidityQuerySchema,
    body: userEmailsBodySchema,
    response: validityResponseSchema,
  },
  'members.remove': {
    params: workspaceIdParamsSchema,
    body: removeMembersBodySchema,
    response: successResponseSchema,
  },
  'members.changeRoles': {
    params: workspaceIdParamsSchema,
    body: changeRoleBodySchema,
    response: successResponseSchema,
  },
  'members.activate': {
    params: workspaceIdParamsSchema,
    body: activateMembersBodySchema,
    response: successResponseSchema,
  },
  'members.promoteValidity': { params: workspaceIdParamsSchema, response: promoteValidityResponseSchema },
  'members.giveSeats': {
    params: workspaceIdParamsSchema,
    body: giveSeatsBodySchema,
    response: giveSeatsResponseSchema,
  },
  'members.transferOwnership': {
    params: workspaceIdParamsSchema,
    body: transferOwnershipBodySchema,
    response: transferOwnershipResponseSchema,
  },
  'invitations.invite': {
    params: workspaceIdParamsSchema,
    query: onlyCheckValidityQuerySchema,
    body: inviteBodySchema,
    response: validityResponseSchema,
  },
  'invitations.resend': {
    params: workspaceIdParamsSchema,
    body: invitedEmailsBodySchema,
    response: successResponseSchema,
  },
  'invitations.cancel': {
    params: workspaceIdParamsSchema,
    body: invitedEmailsBodySchema,
    response: successResponseSchema,
  },
  'invitations.accept': { params: invitationTokenParamsSchema, response: acceptInvitationResponseSchema },
} as const;

const CAMPAIGN_SCHEMAS = {
  'campaigns.list': { query: listQuerySchema, response: sentCampaignListSchema },
  'campaigns.get': { params: campaignParamsSchema, response: sentCampaignSchema },
  'campaigns.pollResults': { params: campaignParamsSchema, response: pollResultsSchema },
  'campaigns.pollResponses': { params: campaignParamsSchema, response: pollResponsesSchema },
  'campaigns.count': {
    params: campaignCountParamsSchema,
    query: campaignCountQuerySchema,
    response: campaignCountSchema,
  },
  'campaigns.recipients': {
    params: campaignParamsSchema,
    query: listQuerySchema,
    response: campaignRecipientListSchema,
  },
  'campaigns.recipientsExport': {
    params: campaignParamsSchema,
    query: listQuerySchema.pick({ filterBy: true }),
  },
  'campaigns.links': { params: campaignParamsSchema, response: campaignLinkStatsSchema },
} as const;

const SCHEDULED_CAMPAIGN_SCHEMAS = {
  'scheduledCampaigns.list': { query: listQuerySchema, response: scheduledCampaignListSchema },
  'scheduledCampaigns.get': { params: scheduledCampaignParamsSchema, response: scheduledCampaignSchema },
  'scheduledCampaigns.cancel': {
    params: cancelScheduledCampaignParamsSchema,
    response: cancelScheduledCampaignResponseSchema,
  },
} as const;

const TEAM_REPORT_SCHEMAS = {
  'teamReport.members': {
    params: teamReportParamsSchema,
    query: listQuerySchema,
    response: teamMemberListSchema,
  },
  'teamReport.summary': { params: teamReportParamsSchema, response: teamSummarySchema },
} as const;

const TEMPLATE_SCHEMAS = {
  'templates.list': { response: templateListSchema },
  'templates.createDraft': {
    params: createDraftParamsSchema,
    body: createDraftBodySchema,
    response: createDraftResponseSchema,
  },
} as const;

const WORKSPACE_SCHEMAS = {
  'workspaces.list': { response: workspaceListSchema },
  'workspaces.get': { params: idParams, query: getWorkspaceQuerySchema, response: workspaceSchema },
  'workspaces.create': { body: createWorkspaceBodySchema, response: workspaceSchema },
  'workspaces.update': { params: idParams, body: updateWorkspaceBodySchema, response: workspaceSchema },
} as const;

const USER_SCHEMAS = {
  'users.me': { query: getUserQuerySchema, response: currentUserSchema },
  'users.suggest': { query: suggestQuerySchema, response: suggestResponseSchema },
  'users.rolloutStatus': { query: rolloutStatusQuerySchema, response: rolloutStatusSchema },
  'users.create': { query: createUserQuerySchema, body: createUserBodySchema, response: currentUserSchema },
  'users.get': { params: idParams, query: getUserQuerySchema, response: currentUserSchema },
} as const;

const SPACE_LIFE_SCHEMAS = {
  'spaceLife.deletedSpaces': { response: deletedWorkspaceListSchema },
  'spaceLife.leave': { params: idParams, response: leaveWorkspaceResponseSchema },
  'spaceLife.delete': { params: idParams, body: deleteWorkspaceBodySchema, response: deletedWorkspaceSchema },
  'spaceLife.restore': { params: idParams, response: successResponseSchema },
} as const;

const EVENT_SCHEMAS = {
  'events.track': { body: usageEventSchema, response: emptyResponse },
} as const;

const PROMOTION_SCHEMAS = {
  'promotions.list': { query: promotionsQuerySchema, response: promotionsResponseSchema },
} as const;

const ADDON_SCHEMAS = {
  'addon.createCampaign': { body: sentCampaignBodySchema, response: sentCampaignResponseSchema },
  'addon.createScheduledCampaign': {
    body: createScheduledCampaignBodySchema,
    response: addonScheduledCampaignSchema,
  },
  'addon.updateScheduledCampaign': {
    params: idParams,
    body: updateScheduledCampaignBodySchema,
    response: addonScheduledCampaignSchema,
  },
  'addon.reportBounces': {
    params: idParams,
    body: campaignAddressesBodySchema,
    response: campaignReportResponseSchema,
  },
  'addon.reportReplies': {
    params: idParams,
    body: campaignAddressesBodySchema,
    response: campaignReportResponseSchema,
  },
} as const;

const SENDING_SCHEMAS = {
  'merges.start': { body: startMergeBodySchema, response: startMergeResponseSchema },
  'merges.get': { params: mergeParamsSchema, query: mergeQuerySchema, response: mergeStatusSchema },
  'merges.quota': { query: quotaQuerySchema, response: senderQuotaSchema },
  'merges.campaignSending': { params: idParams, response: campaignSendingSchema },
  'merges.cancel': { params: idParams, response: campaignSendingSchema },
  'merges.resendFailed': { params: idParams, response: campaignSendingSchema },
  'merges.gmailMeter': { params: idParams, response: gmailMeterSchema },
} as const;

const COMPOSER_SCHEMAS = {
  'composer.drafts': { response: gmailDraftListSchema },
  'composer.draft': { params: gmailDraftParamsSchema, response: gmailDraftSchema },
  'composer.sendAs': { response: sendAsListSchema },
  'composer.recipientCheck': {
    params: idParams,
    body: recipientCheckBodySchema,
    response: recipientCheckResponseSchema,
  },
  'composer.testSend': { params: idParams, body: testSendBodySchema, response: testSendResponseSchema },
  'composer.forecast': {
    params: idParams,
    query: sendingForecastQuerySchema,
    response: sendingForecastSchema,
  },
} as const;

const GMAIL_SCHEMAS = {
  'gmail.status': { response: gmailConnectionSchema },
  'gmail.disconnect': { response: z.null() },
  'gmail.connect': { query: gmailConnectQuerySchema },
  'gmail.callback': { query: z.looseObject({}) },
} as const;

const AUTH_SCHEMAS = {
  'auth.authorize': { query: authorizeQuerySchema },
  'auth.token': { body: tokenRequestSchema, response: tokenResponseSchema },
  'auth.grant': { body: tokenRequestSchema, response: grantResponseSchema },
  'auth.refreshToken': { body: sessionRequestSchema.nullish(), response: authSessionSchema },
  'auth.revoke': { body: sessionRequestSchema.nullish(), response: z.null() },
} as const;

const trackingToken = z.object({ token: z.string().describe('The recipient’s signed tracking token') });

const TRACKING_SCHEMAS = {
  'tracking.open': { params: trackingToken },
  'tracking.click': {
    params: trackingToken.extend({ linkIndex: z.string().describe('Index of the link in the merge') }),
  },
  'tracking.unsubscribePage': { params: trackingToken },
  // Read raw: RFC 8058's List-Unsubscribe=One-Click, or the confirmation page's confirm=1.
  'tracking.unsubscribe': {
    params: trackingToken,
    body: z
      .unknown()
      .describe('List-Unsubscribe=One-Click (form-urlencoded or multipart), or confirm=1 (form-urlencoded)'),
  },
  'tracking.formResponse': {
    params: trackingToken,
    query: z.object({ value: z.union([z.string(), z.array(z.string())]).optional() }),
  },
} as const;

const OPERATIONS_SCHEMAS = {
  'health.liveness': { response: z.object({ status: z.literal('ok') }) },
  'health.readiness': { response: z.object({ status: z.literal('ok') }) },
  'health.metrics': {},
  'development.mailbox': {},
} as const;

export const ENDPOINT_SCHEMAS = {
  ...BILLING_SCHEMAS,
  ...SUPPRESSION_LIST_SCHEMAS,
  ...MEMBERS_SCHEMAS,
  ...CAMPAIGN_SCHEMAS,
  ...SCHEDULED_CAMPAIGN_SCHEMAS,
  ...TEAM_REPORT_SCHEMAS,
  ...TEMPLATE_SCHEMAS,
  ...WORKSPACE_SCHEMAS,
  ...USER_SCHEMAS,
  ...SPACE_LIFE_SCHEMAS,
  ...EVENT_SCHEMAS,
  ...PROMOTION_SCHEMAS,
  ...ADDON_SCHEMAS,
  ...SENDING_SCHEMAS,
  ...COMPOSER_SCHEMAS,
  ...AUTH_SCHEMAS,
  ...GMAIL_SCHEMAS,
  ...TRACKING_SCHEMAS,
  ...OPERATIONS_SCHEMAS,
} as const satisfies { [N in EndpointName]: EndpointSchema };

type SchemasOf<N extends EndpointName> = (typeof ENDPOINT_SCHEMAS)[N];

/** The JSON an endpoint answers with 200 (the wire form: what zod's encode writes). */
export type EndpointResponse<N extends EndpointName> =
  SchemasOf<N> extends { response: infer R extends z.ZodType } ? z.input<R> : unknown;

/** The JSON body an endpoint takes (never for an endpoint without a body). */
export type EndpointBody<N extends EndpointName> =
  SchemasOf<N> extends { body: infer B extends z.ZodType } ? z.input<B> : never;
