import { PURCHASE_TYPES, SEAT_REMOVAL_STATUSES, SUBSCRIPTION_STATUSES } from '@mergedesk/domain/api/billing';
import { SUPPRESSION_SOURCES, SUPPRESSION_TYPES } from '@mergedesk/domain/api/suppression-list';
import { BILLING_INTERVALS, CURRENCIES } from '@mergedesk/domain/billing/prices';
import { CAMPAIGN_EVENT_TYPES } from '@mergedesk/domain/campaigns/constants';
import { IN_PROGRESS_STATUS, SCHEDULED_STATUSES } from '@mergedesk/domain/campaigns/scheduled-status';
import { GMAIL_GRANT_STATUSES } from '@mergedesk/domain/gmail/grant';
import { INVITATION_STATUSES } from '@mergedesk/domain/invitations/invitations';
import {
  BILLING_MODELS,
  LEGACY_TYPES,
  MEMBER_STATUSES,
  PAID_SPACE_PLANS,
  PAYMENT_SOURCES,
  SPACE_PLANS,
  SPACE_STATUSES,
  USER_PLANS,
  USER_TYPES,
} from '@mergedesk/domain/plans/plans';
import { ROLES } from '@mergedesk/domain/roles/roles';
import type { MergeOptions } from '@mergedesk/domain/api/sending';
import { MERGE_STATUSES, RECIPIENT_SEND_STATUSES } from '@mergedesk/domain/sending/recipients';
import { SUPPRESSION_LISTS } from '@mergedesk/domain/suppressions/permissions';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** A person with a MergeDesk account. `email` is stored lower-case. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    profilePictureUrl: text('profile_picture_url'),
    /** STANDARD for personal Gmail addresses, BUSINESS otherwise (spec 000 §3). */
    userType: text('user_type', { enum: USER_TYPES }).notNull(),
    domainName: text('domain_name').notNull(),
    installationTimestamp: timestamp('installation_timestamp', { withTimezone: true }),
    /** The space the add-on sends e-mails from. */
    addonWorkspaceId: uuid('addon_workspace_id'),
    freeUserQuota: integer('free_user_quota'),
    createSource: text('create_source').notNull().default('WEBAPP'),
    ...timestamps,
  },
  (t) => [uniqueIndex('users_email_key').on(t.email)],
);

/** Rollout status of spec 000 §3; no row means no restriction. */
export const rolloutStatuses = pgTable('rollout_statuses', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  isRegistered: boolean('is_registered').notNull().default(true),
  isEligible: boolean('is_eligible').notNull().default(true),
  isPerSeat: boolean('is_per_seat').notNull().default(true),
  userV2: boolean('user_v2').notNull().default(true),
  lastActivatedStep: integer('last_activated_step'),
});

export const workspaces = pgTable('workspaces', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  slug: text('slug').notNull(),
  plan: text('plan', { enum: SPACE_PLANS }).notNull(),
  legacyType: text('legacy_type', { enum: LEGACY_TYPES }),
  /** Newer spaces are billed per seat, legacy-era spaces per user. */
  billingModel: text('billing_model', { enum: BILLING_MODELS }).notNull().default('PER_SEAT'),
  status: text('status', { enum: SPACE_STATUSES }).notNull().default('ACTIVE'),
  memberInviteUser: boolean('member_invite_user').notNull().default(true),
  hasMultiDomain: boolean('has_multi_domain').notNull().default(false),
  /** allowedUserCount per user plan; -1 means unlimited. */
  freeAllowedUserCount: integer('free_allowed_user_count').notNull().default(-1),
  proAllowedUserCount: integer('pro_allowed_user_count').notNull().default(-1),
  // No feature columns: every plan feature is derived on read from the plan, the subscription and
  // the member's seat (packages/domain/src/plans/entitlements.ts; issue 21).
  /**
   * Seats the space pays for (the quantity of its subscription; billing writes it when it applies
   * a subscription). Null: no seat limit (a FREE space). Read through the seats rule of
   * packages/domain/src/members/seats.ts.
   */
  seatTotal: integer('seat_total'),
  ...timestamps,
});

export const workspaceDomains = pgTable(
  'workspace_domains',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    domainName: text('domain_name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.domainName] })],
);

/**
 * Membership of a person in a space. `userId` is null for a member who was added by e-mail
 * and has never signed in (status PENDING).
 */
export const workspaceMembers = pgTable(
  'workspace_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role', { enum: ROLES }).notNull(),
    userPlan: text('user_plan', { enum: USER_PLANS }).notNull(),
    status: text('status', { enum: MEMBER_STATUSES }).notNull(),
    seatType: text('seat_type'),
    freeTrialEndTimestamp: timestamp('free_trial_end_timestamp', { withTimezone: true }),
    lastBecomePaidTimestamp: timestamp('last_become_paid_timestamp', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('workspace_members_workspace_email_key').on(t.workspaceId, t.email),
    index('workspace_members_user_idx').on(t.userId),
    index('workspace_members_workspace_role_idx').on(t.workspaceId, t.role, t.status),
    // One owner per space.
    uniqueIndex('workspace_members_one_owner_key')
      .on(t.workspaceId)
      .where(sql`role = 'OWNER'`),
  ],
);

/**
 * Sign-in sessions (spec 000 §4). The refresh secret is stored hashed; revoking sets
 * `revokedAt`. Identity fields come from the OpenID provider's ID token, so a session exists
 * before (and without) a MergeDesk account: that is the 'no-user' state.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subject: text('subject').notNull(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    picture: text('picture'),
    scopes: text('scopes').notNull().default(''),
    refreshTokenHash: text('refresh_token_hash').notNull(),
    /**
     * The refresh secret replaced by the latest rotation, and when: honoured for a short grace
     * window, then its use counts as theft and revokes the session
     * (docs/decisions/078-refresh-cookie-rotation.md).
     */
    previousRefreshTokenHash: text('previous_refresh_token_hash'),
    refreshRotatedAt: timestamp('refresh_rotated_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastRefreshedAt: timestamp('last_refreshed_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /**
     * The provider's (Google's) access token of the sign-in, encrypted (lib/secret-box): the Gmail
     * API needs it to create drafts (spec 002 §4.5). Google access tokens live about an hour.
     */
    providerAccessToken: text('provider_access_token'),
    providerTokenExpiresAt: timestamp('provider_token_expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_email_idx').on(t.email)],
);

/** Sidebar promotions (spec 000 §2). Columns are nullable: invalid entries are dropped on read. */
export const promotions = pgTable(
  'promotions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    project: text('project').notNull(),
    placement: text('placement').notNull(),
    name: text('name'),
    description: text('description'),
    image: text('image'),
    type: text('type'),
    url: text('url'),
    productId: text('product_id'),
    sortOrder: integer('sort_order').notNull().default(0),
    active: boolean('active').notNull().default(true),
  },
  (t) => [index('promotions_project_placement_idx').on(t.project, t.placement, t.sortOrder)],
);

/** Usage events of spec 000 §7 (the "cloud logging function"), append-only. */
export const usageEvents = pgTable(
  'usage_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id'),
    eventType: text('event_type').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('usage_events_type_created_idx').on(t.eventType, t.createdAt)],
);

/** Page views (spec 000 §7), append-only. */
export const pageViews = pgTable(
  'page_views',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id'),
    workspaceId: uuid('workspace_id'),
    pagePath: text('page_path').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('page_views_created_idx').on(t.createdAt)],
);

/**
 * Mails sent per user, space and month: the aggregate behind the me call's counters
 * (totalNumberOfMailsSent, monthlySentMails). Kept up to date by the mail-merge jobs.
 */
export const monthlySentMails = pgTable(
  'monthly_sent_mails',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    month: integer('month').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.userId, t.year, t.month] })],
);

// ---------------------------------------------------------------------------------------------
// Space content (spec 002 §3): mail merges, their recipients and events, scheduled merges, polls,
// unsubscriptions, bounces, templates and drafts. Tables a screen lists are indexed for each of
// its filters and sorts; counts a table shows are aggregates kept by jobs, never event scans.
// ---------------------------------------------------------------------------------------------

/**
 * A sent mail merge. The event counters are aggregates of campaign_events, kept up to date by the
 * aggregation job; form notifications (isFormNotification) are left out of every counter.
 */
export const campaigns = pgTable(
  'campaigns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** The sender; null once the account is gone. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Null when unavailable (spec 002 §8: sent by someone else). */
    subject: text('subject'),
    /** spreadsheet id and sheet id joined by a dash (spec 002 §3) */
    mergeSourceSheetKey: text('merge_source_sheet_key').notNull(),
    spreadsheetName: text('spreadsheet_name').notNull().default(''),
    sheetName: text('sheet_name').notNull().default(''),
    isFormNotification: boolean('is_form_notification').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUpdateAt: timestamp('last_update_at', { withTimezone: true }).notNull().defaultNow(),
    lastEmailSentAt: timestamp('last_email_sent_at', { withTimezone: true }),
    sentCount: integer('sent_count').notNull().default(0),
    openedCount: integer('opened_count').notNull().default(0),
    clickedCount: integer('clicked_count').notNull().default(0),
    bouncedCount: integer('bounced_count').notNull().default(0),
    unsubscribedCount: integer('unsubscribed_count').notNull().default(0),
    respondedCount: integer('responded_count').notNull().default(0),
  },
  (t) => [
    // Ascending: read backwards it is the list's `order by last_update_at desc, id desc` (issue 11:
    // a DESC NULLS LAST index served no order of the list, the planner sorted the whole space).
    index('campaigns_workspace_last_update_idx').on(t.workspaceId, t.lastUpdateAt, t.id),
    index('campaigns_workspace_user_last_update_idx').on(t.workspaceId, t.userId, t.lastUpdateAt.desc()),
    index('campaigns_workspace_last_email_sent_idx').on(t.workspaceId, t.lastEmailSentAt.desc()),
    // The Sheet Name sort (issue 9): spreadsheet name, then sheet name, as the column shows them.
    index('campaigns_workspace_sheet_title_idx').on(
      t.workspaceId,
      sql`lower(${t.spreadsheetName})`,
      sql`lower(${t.sheetName})`,
    ),
    // Substring search (ILIKE '%…%') on subject and sheet names: trigram indexes (pg_trgm).
    index('campaigns_subject_trgm_idx').using('gin', sql`${t.subject} gin_trgm_ops`),
    index('campaigns_sheet_names_trgm_idx').using(
      'gin',
      sql`(${t.spreadsheetName} || ' ' || ${t.sheetName}) gin_trgm_ops`,
    ),
  ],
);

/** One addressee of a sent mail merge, with the tracking state the /t/* endpoints update. */
export const campaignRecipients = pgTable(
  'campaign_recipients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    /** Random token of the open pixel, click redirect and one-click unsubscribe links. */
    trackingToken: text('tracking_token').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    firstOpenedAt: timestamp('first_opened_at', { withTimezone: true }),
    firstClickedAt: timestamp('first_clicked_at', { withTimezone: true }),
    bouncedAt: timestamp('bounced_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('campaign_recipients_tracking_token_key').on(t.trackingToken),
    index('campaign_recipients_campaign_email_idx').on(t.campaignId, t.email),
  ],
);

/**
 * Tracking events, append-only: the hot path inserts and never locks a campaign row. The
 * aggregation job folds unaggregated events into the campaign counters and flags them.
 */
export const campaignEvents = pgTable(
  'campaign_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    recipientId: uuid('recipient_id').references(() => campaignRecipients.id, { onDelete: 'set null' }),
    type: text('type', { enum: CAMPAIGN_EVENT_TYPES }).notNull(),
    /** The clicked link of a 'clicked' event. */
    url: text('url'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    aggregated: boolean('aggregated').notNull().default(false),
  },
  (t) => [
    index('campaign_events_campaign_occurred_idx').on(t.campaignId, t.occurredAt),
    // The recipients view (issue 9): a page's opens and clicks by recipient, and clicks per link.
    index('campaign_events_recipient_type_idx').on(t.recipientId, t.type, t.occurredAt),
    index('campaign_events_campaign_clicks_idx')
      .on(t.campaignId, t.url, t.recipientId)
      .where(sql`type = 'clicked'`),
    // The aggregation job's queue: small however many events exist.
    index('campaign_events_unaggregated_idx')
      .on(t.id)
      .where(sql`not aggregated`),
  ],
);

/**
 * Tracking hits as the tracking writer commits them
 * (docs/decisions/299-a-batch-of-hits-is-one-row-of-trackinghitbatches.md):
 * one row per batch, its hits as parallel arrays, so that a hit costs PostgreSQL a few array
 * elements instead of an event row and its index entries while a recipient waits. The aggregation
 * job moves them into campaign_events (already counted) and deletes the row; until then they are
 * the job's queue, read in id order. Every element of the arrays is one hit, in the same position
 * of each array.
 */
export const trackingHitBatches = pgTable('tracking_hit_batches', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  /** Each hit's recipient; the job looks its merge up, and drops a hit whose recipient is gone. */
  recipientIds: uuid('recipient_ids').array().notNull(),
  types: text('types').array().notNull(),
  /** The clicked link of each 'clicked' hit; null for the others. */
  urls: text('urls').array().notNull(),
  occurredAt: timestamp('occurred_at', { withTimezone: true }).array().notNull(),
});

/**
 * The links of a sent mail merge, numbered per campaign: a click URL carries only the index, so the
 * redirect can only ever go to a link that was sent (no open redirect).
 */
export const campaignLinks = pgTable(
  'campaign_links',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    linkIndex: integer('link_index').notNull(),
    /** Normalised (WHATWG URL: punycode host, no credentials), http(s) only. */
    url: text('url').notNull(),
    /**
     * Set by an operator when the link is abusive (docs/operations.md): its click URL then answers
     * a neutral page instead of the redirect.
     */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.linkIndex] })],
);

/** A scheduled mail merge (spec 002 §3 "Scheduled campaign", §4.1). */
export const scheduledCampaigns = pgTable(
  'scheduled_campaigns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mergeSourceSheetKey: text('merge_source_sheet_key').notNull(),
    spreadsheetName: text('spreadsheet_name').notNull().default(''),
    sheetName: text('sheet_name').notNull().default(''),
    /** The Gmail draft the merge sends. */
    draftMessageId: text('draft_message_id'),
    status: text('status', { enum: SCHEDULED_STATUSES }).notNull().default(IN_PROGRESS_STATUS),
    /** Null while out of quota (spec 002 §4.1: 'Upon quota reset'). */
    nextScheduledRunAt: timestamp('next_scheduled_run_at', { withTimezone: true }),
    toSendCount: integer('to_send_count').notNull().default(0),
    sentCount: integer('sent_count').notNull().default(0),
    error: text('error'),
    errorDetails: text('error_details'),
    recoverableErrorRetries: integer('recoverable_error_retries').notNull().default(0),
    recoverableErrorLastRetryAt: timestamp('recoverable_error_last_retry_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('scheduled_campaigns_workspace_next_run_idx').on(t.workspaceId, t.nextScheduledRunAt),
    index('scheduled_campaigns_user_next_run_idx').on(t.userId, t.workspaceId, t.nextScheduledRunAt),
    index('scheduled_campaigns_workspace_created_idx').on(t.workspaceId, t.createdAt.desc()),
    // The scheduler's queue: due merges.
    index('scheduled_campaigns_due_idx')
      .on(t.nextScheduledRunAt)
      .where(sql`status = 'IN PROGRESS' and next_scheduled_run_at is not null`),
  ],
);

/** Poll results of a campaign: one row per answer (info) with its count, kept by the tracking job. */
export const pollResults = pgTable(
  'poll_results',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    info: text('info').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.info] })],
);

/** Individual poll responses (the fallback of spec 002 §4.2), append-only. */
export const pollResponses = pgTable(
  'poll_responses',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    /**
     * The recipient who answered: one row per recipient, the latest answer wins (a replayed link
     * changes nothing). Null for rows without one (the demo seed).
     */
    recipientId: uuid('recipient_id').references(() => campaignRecipients.id, { onDelete: 'cascade' }),
    value: text('value').notNull(),
    /** The answer currently counted in poll_results (the aggregation job moves the count). */
    countedValue: text('counted_value'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * False until the aggregation job has counted the response into poll_results. Defaults to true
     * so rows written with their poll_results already counted (the demo seed) are not counted twice.
     */
    aggregated: boolean('aggregated').notNull().default(true),
  },
  (t) => [
    index('poll_responses_campaign_created_idx').on(t.campaignId, t.createdAt),
    uniqueIndex('poll_responses_recipient_key').on(t.recipientId),
    index('poll_responses_unaggregated_idx')
      .on(t.id)
      .where(sql`not aggregated`),
  ],
);

/**
 * The columns and indexes of the two suppression lists (unsubscriptions, bounces), emails stored
 * lower-case. Opt-outs belong to their sender: a PERSONAL entry is one person's (`userId`), so an
 * address may be on several senders' personal lists and once on the space's shared (WORKSPACE) list.
 */
function suppressionTable<N extends string>(name: N) {
  return pgTable(
    name,
    {
      id: uuid('id').primaryKey().defaultRandom(),
      workspaceId: uuid('workspace_id')
        .notNull()
        .references(() => workspaces.id, { onDelete: 'cascade' }),
      /**
       * Whose entry it is: who added it on the page, or the sender of the merge whose recipient
       * unsubscribed (LINK) or bounced (ADDON). Null only for shared entries of a deleted account.
       */
      userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
      email: text('email').notNull(),
      type: text('type', { enum: SUPPRESSION_TYPES }).notNull(),
      source: text('source', { enum: SUPPRESSION_SOURCES }).notNull().default('MANUAL'),
      ...timestamps,
    },
    (t) => [
      uniqueIndex(`${name}_workspace_shared_email_key`)
        .on(t.workspaceId, t.email)
        .where(sql`type = 'WORKSPACE'`),
      uniqueIndex(`${name}_workspace_personal_email_key`)
        .on(t.workspaceId, t.userId, t.email)
        .where(sql`type = 'PERSONAL'`),
      // The list's orders (issue 11), each key then the id in the same direction: one ascending
      // index per key serves both directions (a DESC NULLS LAST index served neither: the planner
      // sorted the whole space).
      index(`${name}_workspace_created_idx`).on(t.workspaceId, t.createdAt, t.id),
      index(`${name}_workspace_updated_idx`).on(t.workspaceId, t.updatedAt, t.id),
      index(`${name}_workspace_email_idx`).on(t.workspaceId, t.email, t.id),
      // Substring search on the address (filterBy search:…): trigram index (pg_trgm).
      index(`${name}_email_trgm_idx`).using('gin', sql`${t.email} gin_trgm_ops`),
    ],
  );
}

export const unsubscriptions = suppressionTable('unsubscriptions');
export const bounces = suppressionTable('bounces');

/**
 * Every deletion of an unsubscription or bounce: who removed which entry, and when, so that a space
 * can tell what happened to an opt-out. Append-only; kept when the people or the entry are gone.
 */
export const suppressionDeletions = pgTable(
  'suppression_deletions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    list: text('list', { enum: SUPPRESSION_LISTS }).notNull(),
    email: text('email').notNull(),
    type: text('type', { enum: SUPPRESSION_TYPES }).notNull(),
    source: text('source', { enum: SUPPRESSION_SOURCES }).notNull(),
    /** Whose entry it was (see suppressionTable.userId). */
    ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    deletedByUserId: uuid('deleted_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Kept when the account is deleted. */
    deletedByEmail: text('deleted_by_email').notNull(),
    entryCreatedAt: timestamp('entry_created_at', { withTimezone: true }).notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('suppression_deletions_workspace_email_idx').on(t.workspaceId, t.email, t.deletedAt.desc())],
);

/** Gallery templates (spec 002 §2.6, §3 "Template"); the list is sorted by sortOrder. */
export const templates = pgTable(
  'templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subject: text('subject').notNull(),
    /** An image URL (data: URLs allowed). */
    thumbnail: text('thumbnail').notNull(),
    /** The template's HTML body, shown as the preview and copied into the draft. */
    preview: text('preview').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    ...timestamps,
  },
  (t) => [index('templates_sort_order_idx').on(t.sortOrder, t.id)],
);

/** Gmail drafts created from a gallery template (spec 002 §4.5): the template's button turns to Open. */
export const drafts = pgTable(
  'drafts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    templateId: uuid('template_id').references(() => templates.id, { onDelete: 'set null' }),
    messageId: text('message_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('drafts_user_template_idx').on(t.userId, t.templateId)],
);

/**
 * Idempotency keys of the add-on's POSTs (`Idempotency-Key` header), per caller: the first
 * request's answer, replayed to a retry with the same body. Written in the transaction of the
 * request's own writes, so a key exists exactly when its effect does. Kept 24 hours.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** SHA-256 of the method, route and canonical JSON body. */
    requestHash: text('request_hash').notNull(),
    responseStatus: integer('response_status').notNull(),
    responseBody: jsonb('response_body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

// ---------------------------------------------------------------------------------------------
// Space administration (spec 002 §2.7–2.10, §4.6–4.8): invitations.
// ---------------------------------------------------------------------------------------------

/**
 * An invitation to a space, e-mailed to `email`. The token is stored only as its SHA-256 hash
 * (`tokenHash`); re-inviting replaces the hash and the expiry. `memberId` is the PENDING member row
 * the invitation reserves (null once it is cancelled or when the row is gone). At most one
 * PENDING invitation per space and address.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id').references(() => workspaceMembers.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    status: text('status', { enum: INVITATION_STATUSES }).notNull().default('PENDING'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    invitedByUserId: uuid('invited_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    acceptedByUserId: uuid('accepted_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('invitations_token_hash_key').on(t.tokenHash),
    uniqueIndex('invitations_one_pending_key')
      .on(t.workspaceId, t.email)
      .where(sql`status = 'PENDING'`),
    index('invitations_member_idx').on(t.memberId),
  ],
);

/**
 * Billing (spec 001 §3; issue 8). The Stripe customer of a space: created once, on the space's
 * first checkout, and reused (the customer belongs to the space).
 */
export const billingCustomers = pgTable(
  'billing_customers',
  {
    workspaceId: uuid('workspace_id')
      .primaryKey()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    stripeCustomerId: text('stripe_customer_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('billing_customers_stripe_key').on(t.stripeCustomerId)],
);

/**
 * The mirror of a space's subscriptions (spec 001 §3 "Subscription"). STRIPE rows are written
 * only from what Stripe answers when the webhook re-reads the subscription; PAYPAL, SUPPORT and
 * OFFLINE rows are kept here (their provider is not Stripe). At most one ACTIVE row per space.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    stripeSubscriptionId: text('stripe_subscription_id'),
    /** The PayPal billing agreement of a PAYPAL licence. */
    externalId: text('external_id'),
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull(),
    /** Stripe's own status (active, past_due, canceled, …), null for other sources. */
    providerStatus: text('provider_status'),
    paymentSource: text('payment_source', { enum: PAYMENT_SOURCES }).notNull(),
    workspacePlan: text('workspace_plan', { enum: PAID_SPACE_PLANS }).notNull(),
    legacyType: text('legacy_type', { enum: LEGACY_TYPES }),
    userPlan: text('user_plan', { enum: USER_PLANS }).notNull(),
    billingInterval: text('billing_interval', { enum: BILLING_INTERVALS }).notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull().default('USD'),
    country: text('country').notNull().default('US'),
    purchaseType: text('purchase_type', { enum: PURCHASE_TYPES }).notNull().default('B2C'),
    companyName: text('company_name'),
    taxRate: doublePrecision('tax_rate').notNull().default(0),
    stripePriceId: text('stripe_price_id'),
    /** Seats (per-seat), paid users (per-user) or 1 (pack); granted, i.e. paid. */
    quantity: integer('quantity').notNull(),
    /** Price of one period before tax, minor units. */
    amount: integer('amount').notNull(),
    discountPercent: doublePrecision('discount_percent').notNull().default(0),
    autoRenew: boolean('auto_renew').notNull().default(true),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    stripeScheduleId: text('stripe_schedule_id'),
    scheduledBillingInterval: text('scheduled_billing_interval', { enum: BILLING_INTERVALS }),
    scheduledChangeAt: timestamp('scheduled_change_at', { withTimezone: true }),
    /**
     * Per-user model: the members (ids) paid from the next period, as the schedule's next phase
     * carries them; null when no paid-user change is scheduled. Paid members missing from it are
     * scheduled to be downgraded (spec 002 §4.6).
     */
    scheduledPaidMembers: jsonb('scheduled_paid_members').$type<string[]>(),
    latestInvoiceId: text('latest_invoice_id'),
    latestInvoicePaid: boolean('latest_invoice_paid'),
    latestInvoiceUrl: text('latest_invoice_url'),
    latestPaymentIntentStatus: text('latest_payment_intent_status'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('subscriptions_stripe_key').on(t.stripeSubscriptionId),
    uniqueIndex('subscriptions_one_active_key')
      .on(t.workspaceId)
      .where(sql`status = 'ACTIVE'`),
    index('subscriptions_workspace_idx').on(t.workspaceId, t.createdAt.desc()),
  ],
);

/** Spec 001 §3 "Scheduled seat removal": applied at the period end (one PENDING per subscription). */
export const seatRemovals = pgTable(
  'seat_removals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    targetQuantity: integer('target_quantity').notNull(),
    removeAt: timestamp('remove_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: SEAT_REMOVAL_STATUSES }).notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('seat_removals_one_pending_key')
      .on(t.subscriptionId)
      .where(sql`status = 'PENDING'`),
  ],
);

/** Stripe events already applied: a delivery of one of these again is answered 200 and ignored. */
export const stripeWebhookEvents = pgTable('stripe_webhook_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A space its owner deleted (issue 21; docs/decisions/346-space-deletion.md): its members' rows are kept
 * here, and removed from workspace_members, so nobody reaches the space any more, while its data
 * waits for the erase job until `eraseAt`. Restoring puts the members back and drops this row; the
 * erase job deletes the space itself (everything of it cascades).
 */
export const spaceDeletions = pgTable(
  'space_deletions',
  {
    workspaceId: uuid('workspace_id')
      .primaryKey()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    deletedByUserId: uuid('deleted_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull(),
    eraseAt: timestamp('erase_at', { withTimezone: true }).notNull(),
    /** When deleting stopped the renewal of a live subscription: the end of its period. */
    subscriptionEndsAt: timestamp('subscription_ends_at', { withTimezone: true }),
    /** The member rows as they were, to put back on restore (dates as ISO strings). */
    members: jsonb('members').$type<DeletedSpaceMember[]>().notNull(),
  },
  (t) => [index('space_deletions_erase_at_idx').on(t.eraseAt)],
);

/** A member row kept by space_deletions. */
export type DeletedSpaceMember = {
  id: string;
  userId: string | null;
  email: string;
  role: (typeof ROLES)[number];
  userPlan: (typeof USER_PLANS)[number];
  status: (typeof MEMBER_STATUSES)[number];
  seatType: string | null;
  freeTrialEndTimestamp: string | null;
  lastBecomePaidTimestamp: string | null;
  createdAt: string;
};

// ---------------------------------------------------------------------------------------------
// The sending engine (issue 24): merges MergeDesk sends itself through the sender's Gmail, their
// recipients (the ledger the rolling 24 h quota is counted from) and each sender's pace.
// ---------------------------------------------------------------------------------------------

/** The options of a merge as the add-on sent them, defaults applied (api/sending.ts mergeOptionsSchema). */
export type StoredMergeOptions = MergeOptions;

/** A merge the engine sends, now or at `scheduled_at` (modules/sending). */
export const merges = pgTable(
  'merges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The sent merge of the dashboard; a scheduled merge gets it when its run starts. */
    campaignId: uuid('campaign_id').references(() => campaigns.id, { onDelete: 'set null' }),
    /**
     * The scheduled merge row (spec 002 §4.1). Deleting that row (the dashboard's cancel) sets this
     * to null, which locks this row like an update: the engine reads a scheduled merge without its
     * row as cancelled (docs/decisions/389-sending-cancel.md).
     */
    scheduledCampaignId: uuid('scheduled_campaign_id').references(() => scheduledCampaigns.id, {
      onDelete: 'set null',
    }),
    /**
     * The scheduled merge's id as the add-on was answered, kept after its row is gone (the row is
     * deleted when the merge is done): the add-on keeps asking for the merge by it.
     */
    scheduledCampaignKey: uuid('scheduled_campaign_key'),
    mergeSourceSheetKey: text('merge_source_sheet_key').notNull(),
    spreadsheetName: text('spreadsheet_name').notNull(),
    sheetName: text('sheet_name').notNull(),
    subject: text('subject').notNull(),
    htmlBody: text('html_body').notNull(),
    options: jsonb('options').$type<StoredMergeOptions>().notNull(),
    status: text('status', { enum: MERGE_STATUSES }).notNull(),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    /** When the engine works the merge next; null while it waits on the sender (Gmail reconnect) or is over. */
    nextRunAt: timestamp('next_run_at', { withTimezone: true }),
    /**
     * The run working the merge holds it until then (renewed while it works): one run of a merge
     * at a time across processes, and a crashed process's merge is taken over once it lapses.
     */
    runLeaseUntil: timestamp('run_lease_until', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** The last error of a run (spec 002 §4.1 statuses for scheduled merges), and its tries. */
    error: text('error'),
    errorTries: integer('error_tries').notNull().default(0),
    lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('merges_campaign_key').on(t.campaignId),
    uniqueIndex('merges_scheduled_campaign_key').on(t.scheduledCampaignId),
    uniqueIndex('merges_scheduled_campaign_key_key').on(t.scheduledCampaignKey),
    index('merges_user_idx').on(t.userId, t.status),
    // The sweeper: merges due to be worked.
    index('merges_due_idx')
      .on(t.nextRunAt)
      .where(sql`status not in ('DONE', 'CANCELLED') and next_run_at is not null`),
  ],
);

/**
 * A recipient of a merge, in the sheet's order (`index`). `id` is also the campaign recipient's
 * id and the left part of the message's Message-ID. SENDING and SENT rows with `handed_at` in the
 * last 24 hours are the sender's ledger (docs/decisions/394-sending-ledger.md).
 */
export const mergeRecipients = pgTable(
  'merge_recipients',
  {
    id: uuid('id').primaryKey(),
    mergeId: uuid('merge_id')
      .notNull()
      .references(() => merges.id, { onDelete: 'cascade' }),
    index: integer('index').notNull(),
    /** Denormalised from the merge: the quota and the Gmail meter are one indexed count each. */
    userId: uuid('user_id').notNull(),
    workspaceId: uuid('workspace_id').notNull(),
    /** Normalised (domain normalizeEmail). */
    email: text('email').notNull(),
    isGmailAddress: boolean('is_gmail_address').notNull(),
    fields: jsonb('fields').$type<Record<string, string>>().notNull(),
    status: text('status', { enum: RECIPIENT_SEND_STATUSES }).notNull(),
    reason: text('reason'),
    attempts: integer('attempts').notNull().default(0),
    /** A transient failure's back-off: not tried again before this. */
    notBefore: timestamp('not_before', { withTimezone: true }),
    gmailMessageId: text('gmail_message_id'),
    /** When it was handed to Gmail (SENDING): the ledger's time. */
    handedAt: timestamp('handed_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (t) => [
    uniqueIndex('merge_recipients_merge_index_key').on(t.mergeId, t.index),
    // The worker's next recipients of a merge.
    index('merge_recipients_queued_idx')
      .on(t.mergeId, t.index)
      .where(sql`status = 'QUEUED'`),
    // The sender's ledger: sends in the rolling 24 hours.
    index('merge_recipients_ledger_idx')
      .on(t.userId, t.handedAt)
      .where(sql`status in ('SENDING', 'SENT')`),
    // The space's Gmail meter: sent to Gmail addresses in 24 h, and queued ones.
    index('merge_recipients_gmail_sent_idx')
      .on(t.workspaceId, t.handedAt)
      .where(sql`is_gmail_address and status in ('SENDING', 'SENT')`),
    index('merge_recipients_gmail_queued_idx')
      .on(t.workspaceId)
      .where(sql`is_gmail_address and status = 'QUEUED'`),
    // Sends a crash may have left behind (the exactly-once recovery).
    index('merge_recipients_sending_idx')
      .on(t.handedAt)
      .where(sql`status = 'SENDING'`),
  ],
);

/**
 * Each sender's pace across processes: the next free slot for a Gmail call, and a pause after
 * Gmail's rate limit (docs/decisions/396-sending-pace.md).
 */
export const senderPace = pgTable('sender_pace', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  nextSlotAt: timestamp('next_slot_at', { withTimezone: true }).notNull(),
  pausedUntil: timestamp('paused_until', { withTimezone: true }),
});

/**
 * The sender's Gmail grant (issue 24): the offline consent for gmail.send, one per account. The
 * provider's refresh token is sealed (lib/secret-box, purpose 'gmail-refresh-token'); REVOKED
 * keeps the row (who, which address, since when) after the provider answered invalid_grant, so
 * the dashboard can say "Reconnect Gmail"; disconnecting deletes the row.
 */
export const gmailGrants = pgTable('gmail_grants', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The Gmail address the grant was given for (the signed-in account's). */
  email: text('email').notNull(),
  refreshToken: text('refresh_token').notNull(),
  /** The scopes the provider granted, space-separated. */
  scopes: text('scopes').notNull(),
  status: text('status', { enum: GMAIL_GRANT_STATUSES }).notNull(),
  grantedAt: timestamp('granted_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
