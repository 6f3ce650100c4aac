// @ts-check
/**
 * One owner per table (issue 23; docs/decisions/364-table-owners.md): the folder under apps/server/src
 * whose code alone imports the table from db/schema.ts, and so alone writes it. Other folders call
 * the owner's service, or join the read-only views the owner exports (`<module>.views.ts`).
 * eslint.config.js turns this map into the lint fence; db/table-owners.test.ts checks that it
 * names every table of the schema.
 */
export const TABLE_OWNERS = {
  users: 'modules/users',
  rolloutStatuses: 'modules/users',
  sessions: 'modules/auth',
  workspaces: 'modules/workspaces',
  workspaceDomains: 'modules/workspaces',
  workspaceMembers: 'modules/members',
  invitations: 'modules/members',
  promotions: 'modules/promotions',
  usageEvents: 'modules/events',
  pageViews: 'modules/events',
  campaigns: 'modules/campaigns',
  campaignRecipients: 'modules/campaigns',
  campaignEvents: 'modules/campaigns',
  campaignLinks: 'modules/campaigns',
  pollResults: 'modules/campaigns',
  pollResponses: 'modules/campaigns',
  monthlySentMails: 'modules/campaigns',
  trackingHitBatches: 'modules/tracking',
  scheduledCampaigns: 'modules/scheduled-campaigns',
  unsubscriptions: 'modules/suppression-lists',
  bounces: 'modules/suppression-lists',
  suppressionDeletions: 'modules/suppression-lists',
  templates: 'modules/templates',
  drafts: 'modules/templates',
  idempotencyKeys: 'lib',
  billingCustomers: 'modules/billing',
  subscriptions: 'modules/billing',
  seatRemovals: 'modules/billing',
  stripeWebhookEvents: 'modules/billing',
  spaceDeletions: 'modules/space-life',
  merges: 'modules/sending',
  mergeRecipients: 'modules/sending',
  senderPace: 'modules/sending',
  gmailGrants: 'modules/gmail',
};

/**
 * Imports of another owner's table that are still to move behind the owner (its service for a
 * write, its views for a read), by folder. The fence lets these through and nothing else; empty
 * since issue 23, it is where a migration in steps lists what it has not moved yet.
 */
export const PENDING_TABLE_IMPORTS = {};
