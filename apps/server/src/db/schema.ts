import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
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
    userType: text('user_type', { enum: ['STANDARD', 'BUSINESS'] }).notNull(),
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
  plan: text('plan', { enum: ['FREE', 'PRO', 'PREMIUM', 'LEGACY', 'OFFLINE'] }).notNull(),
  legacyType: text('legacy_type', { enum: ['TEAM', 'UNLIMITED', 'PROFESSIONAL', 'PERSONAL'] }),
  /** Newer spaces are billed per seat, legacy-era spaces per user. */
  billingModel: text('billing_model', { enum: ['PER_SEAT', 'PER_USER'] })
    .notNull()
    .default('PER_SEAT'),
  status: text('status', { enum: ['ACTIVE', 'DISABLED'] })
    .notNull()
    .default('ACTIVE'),
  memberInviteUser: boolean('member_invite_user').notNull().default(true),
  hasMultiDomain: boolean('has_multi_domain').notNull().default(false),
  /** allowedUserCount per user plan; -1 means unlimited. */
  freeAllowedUserCount: integer('free_allowed_user_count').notNull().default(-1),
  proAllowedUserCount: integer('pro_allowed_user_count').notNull().default(-1),
  teamAnalyticsDashboard: boolean('team_analytics_dashboard').notNull().default(false),
  manageUserRoles: boolean('manage_user_roles').notNull().default(false),
  transferOwnership: boolean('transfer_ownership').notNull().default(false),
  shareUnsubscribes: boolean('share_unsubscribes').notNull().default(false),
  shareBounces: boolean('share_bounces').notNull().default(false),
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
    role: text('role', { enum: ['OWNER', 'ADMIN', 'MEMBER'] }).notNull(),
    userPlan: text('user_plan', { enum: ['FREE', 'PRO', 'PRO_PERSONAL'] }).notNull(),
    status: text('status', {
      enum: ['ACTIVE', 'DISABLED', 'PENDING', 'ACCEPTED', 'LEGACY', 'FREE_TRIAL'],
    }).notNull(),
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
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastRefreshedAt: timestamp('last_refreshed_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
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
