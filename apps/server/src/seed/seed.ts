import type { MemberStatus, UserPlan } from '@mergedesk/domain/plans/plans';
import type { Role } from '@mergedesk/domain/roles/roles';
import {
  INVITATION_LIFETIME_DAYS,
  INVITATION_LIFETIME_MS,
  type InvitationStatus,
} from '@mergedesk/domain/invitations/invitations';
import {
  ADDED_SEAT_TYPE as ADDED_SEAT,
  PENDING_SEAT_TYPE as PENDING_SEAT,
} from '@mergedesk/domain/members/status';
import { slugify } from '@mergedesk/domain/spaces/space-name';
import { emailDomain, isGmailAddress } from '@mergedesk/domain/users/email';
import { hashInvitationToken } from '../lib/invitation-token';
import { insertInvitations } from '../modules/members/invitations.repo';
import { insertPromotions, type NewPromotion } from '../modules/promotions/promotions.repo';
import {
  insertRolloutStatus,
  insertUser,
  setAddonWorkspace,
  type MonthlySentMailsRecord,
} from '../modules/users/users.repo';
import { DEFAULT_ROLLOUT_STATUS } from '../modules/users/users.service';
import { insertMonthlySentMails } from '../modules/campaigns/campaigns.repo';
import { insertMember } from '../modules/members/memberships.repo';
import {
  insertWorkspace,
  insertWorkspaceDomains,
  type NewWorkspace,
} from '../modules/workspaces/workspaces.repo';
import type { Database, Executor } from '../db/client';
import { seedCampaigns } from './seed-campaigns';
import { seedContent } from './seed-content';

/**
 * The demo accounts and spaces of shared/demo-data.md ("Accounts" and "Spaces"). Tests and demos
 * rely on every fact there; dates are relative to `now`.
 */

type DemoUser = {
  email: string;
  name: string;
  /** false: no installation timestamp, so the web app shows the install tutorial. */
  installed?: boolean;
  lastActivatedStep?: number | null;
};

const DEMO_USERS: readonly DemoUser[] = [
  { email: 'olivia@acme.test', name: 'Olivia Owens' },
  { email: 'adam@acme.test', name: 'Adam Admin' },
  { email: 'mia@acme.test', name: 'Mia Member' },
  { email: 'fred@acme.test', name: 'Fred Free' },
  { email: 'dora@acme.test', name: 'Dora Disabled' },
  { email: 'tom@acme.test', name: 'Tom Trial' },
  { email: 'gina@gmail.com', name: 'Gina Gmail', installed: false },
  { email: 'penny@gmail.com', name: 'Penny Personal' },
  { email: 'leo@legacy.test', name: 'Leo Legacy' },
  // The people of Legacy Team (demo-data.md: 4 paid, 2 free, 1 trial and 1 disabled user).
  { email: 'lara@legacy.test', name: 'Lara Lane' },
  { email: 'liam@legacy.test', name: 'Liam Long' },
  { email: 'lucy@legacy.test', name: 'Lucy Lake' },
  { email: 'luke@legacy.test', name: 'Luke Lund' },
  { email: 'fiona@legacy.test', name: 'Fiona Field' },
  { email: 'felix@legacy.test', name: 'Felix Ford' },
  { email: 'tina@legacy.test', name: 'Tina Trial' },
  { email: 'dan@legacy.test', name: 'Dan Dormant' },
  { email: 'max@max.test', name: 'Max Many' },
  { email: 'sam@acme.test', name: 'Sam Stepfour', lastActivatedStep: 3 },
  // The billing demo spaces beyond demo-data.md (docs/decisions/218-demo-spaces-for-billing.md):
  // Support Team (a subscription given by support), Classic Team (free, per user) and Global Team
  // (Premium per user, members of two domains). Their owners sign in; the others are members only.
  { email: 'sue@support.test', name: 'Sue Support' },
  { email: 'sid@support.test', name: 'Sid Stone' },
  { email: 'carl@classic.test', name: 'Carl Classic' },
  { email: 'cara@classic.test', name: 'Cara Cole' },
  { email: 'cody@classic.test', name: 'Cody Cross' },
  { email: 'gwen@global.test', name: 'Gwen Global' },
  { email: 'gabe@global.test', name: 'Gabe Grant' },
  { email: 'gus@partner.test', name: 'Gus Partner' },
  { email: 'gail@partner.test', name: 'Gail Page' },
];

type DemoMember = {
  email: string;
  role: Role;
  userPlan: UserPlan;
  status?: MemberStatus;
  /** days from now until the free trial ends */
  trialEndsInDays?: number;
};

type DemoSpace = Omit<NewWorkspace, 'slug'> & {
  domains?: string[];
  members: DemoMember[];
};

/**
 * The invitations of demo-data.md with their fixed demo tokens (stored hashed like any token; real
 * invitations get random ones). Days are relative to the seed; the invitee's member row, when
 * there is one, is the PENDING (or, once accepted, ACTIVE) row of the space.
 */
type DemoInvitation = {
  token: string;
  space: string;
  email: string;
  invitedBy: string;
  status: InvitationStatus;
  sentDaysAgo: number;
  /** the invitation reserves the invitee's member row (false: cancelled, no row) */
  linked: boolean;
};

const DEMO_INVITATIONS: readonly DemoInvitation[] = [
  {
    token: 'demo-nina-acme-sales',
    space: 'Acme Sales',
    email: 'nina@newcomer.test',
    invitedBy: 'olivia@acme.test',
    status: 'PENDING',
    sentDaysAgo: 2,
    linked: true,
  },
  {
    token: 'demo-cancelled',
    space: 'Acme Sales',
    email: 'nina@newcomer.test',
    invitedBy: 'adam@acme.test',
    status: 'CANCELLED',
    sentDaysAgo: 20,
    linked: false,
  },
  {
    token: 'demo-adam-premium',
    space: 'Acme Premium',
    email: 'adam@acme.test',
    invitedBy: 'olivia@acme.test',
    status: 'ACCEPTED',
    sentDaysAgo: 300,
    linked: true,
  },
  {
    token: 'demo-expired',
    space: 'Acme Premium',
    email: 'nina@newcomer.test',
    invitedBy: 'olivia@acme.test',
    status: 'PENDING',
    sentDaysAgo: INVITATION_LIFETIME_DAYS + 2,
    linked: true,
  },
];

const DEMO_SPACES: readonly DemoSpace[] = [
  {
    name: 'Acme Sales',
    plan: 'PRO',
    billingModel: 'PER_SEAT',
    seatTotal: 10,
    domains: ['acme.test'],
    members: [
      { email: 'olivia@acme.test', role: 'OWNER', userPlan: 'PRO' },
      { email: 'adam@acme.test', role: 'ADMIN', userPlan: 'PRO' },
      { email: 'mia@acme.test', role: 'MEMBER', userPlan: 'PRO' },
      { email: 'fred@acme.test', role: 'MEMBER', userPlan: 'FREE' },
      { email: 'dora@acme.test', role: 'MEMBER', userPlan: 'PRO', status: 'DISABLED' },
      { email: 'paula@acme.test', role: 'MEMBER', userPlan: 'PRO', status: 'PENDING' },
      { email: 'tom@acme.test', role: 'MEMBER', userPlan: 'PRO', status: 'FREE_TRIAL', trialEndsInDays: 10 },
      // Invited with the demo token demo-nina-acme-sales (DEMO_INVITATIONS): a pending seat.
      { email: 'nina@newcomer.test', role: 'MEMBER', userPlan: 'PRO', status: 'PENDING' },
    ],
  },
  {
    name: 'Acme Premium',
    plan: 'PREMIUM',
    billingModel: 'PER_SEAT',
    seatTotal: 3,
    domains: ['acme.test'],
    members: [
      { email: 'olivia@acme.test', role: 'OWNER', userPlan: 'PRO' },
      { email: 'adam@acme.test', role: 'MEMBER', userPlan: 'PRO' },
      // Invited with demo-expired, which has expired: the pending seat fills the 3 seats.
      { email: 'nina@newcomer.test', role: 'MEMBER', userPlan: 'PRO', status: 'PENDING' },
    ],
  },
  {
    name: "Gina's space",
    plan: 'FREE',
    billingModel: 'PER_SEAT',
    members: [{ email: 'gina@gmail.com', role: 'OWNER', userPlan: 'FREE' }],
  },
  {
    name: "Penny's space",
    plan: 'LEGACY',
    legacyType: 'PERSONAL',
    billingModel: 'PER_USER',
    members: [{ email: 'penny@gmail.com', role: 'OWNER', userPlan: 'PRO_PERSONAL' }],
  },
  {
    name: 'Legacy Team',
    plan: 'LEGACY',
    legacyType: 'TEAM',
    billingModel: 'PER_USER',
    freeAllowedUserCount: 2,
    proAllowedUserCount: 10,
    domains: ['legacy.test'],
    members: [
      { email: 'leo@legacy.test', role: 'OWNER', userPlan: 'PRO' },
      { email: 'lara@legacy.test', role: 'ADMIN', userPlan: 'PRO' },
      { email: 'liam@legacy.test', role: 'MEMBER', userPlan: 'PRO' },
      { email: 'lucy@legacy.test', role: 'MEMBER', userPlan: 'PRO' },
      { email: 'luke@legacy.test', role: 'MEMBER', userPlan: 'PRO' },
      { email: 'fiona@legacy.test', role: 'MEMBER', userPlan: 'FREE' },
      { email: 'felix@legacy.test', role: 'MEMBER', userPlan: 'FREE' },
      {
        email: 'tina@legacy.test',
        role: 'MEMBER',
        userPlan: 'PRO',
        status: 'FREE_TRIAL',
        trialEndsInDays: 14,
      },
      { email: 'dan@legacy.test', role: 'MEMBER', userPlan: 'FREE', status: 'DISABLED' },
    ],
  },
  {
    // Billed outside the product (an OFFLINE contract, `npm start`'s demo billing): 'Custom' on
    // billing, the offline-subscription notice with 'Contact us' on Manage Users.
    name: 'Offline Team',
    plan: 'OFFLINE',
    billingModel: 'PER_USER',
    freeAllowedUserCount: 2,
    proAllowedUserCount: 25,
    domains: ['legacy.test'],
    members: [
      { email: 'leo@legacy.test', role: 'OWNER', userPlan: 'PRO' },
      { email: 'lara@legacy.test', role: 'ADMIN', userPlan: 'PRO' },
      { email: 'liam@legacy.test', role: 'MEMBER', userPlan: 'PRO' },
      { email: 'fiona@legacy.test', role: 'MEMBER', userPlan: 'FREE' },
    ],
  },
  ...[1, 2, 3, 4, 5].map((index): DemoSpace => ({
    name: `Max ${index}`,
    plan: 'FREE',
    billingModel: 'PER_SEAT',
    members: [{ email: 'max@max.test', role: 'OWNER', userPlan: 'FREE' }],
  })),
  {
    name: "Sam's space",
    plan: 'FREE',
    billingModel: 'PER_SEAT',
    members: [{ email: 'sam@acme.test', role: 'OWNER', userPlan: 'FREE' }],
  },
  {
    // A subscription given by support (payment source SUPPORT, `npm start`'s demo billing): 'Custom'
    // on billing, no 'Manage billing', no cycle change, seat changes only through support.
    name: 'Support Team',
    plan: 'PRO',
    billingModel: 'PER_SEAT',
    seatTotal: 20,
    domains: ['support.test'],
    members: [
      { email: 'sue@support.test', role: 'OWNER', userPlan: 'PRO' },
      { email: 'sid@support.test', role: 'MEMBER', userPlan: 'PRO' },
    ],
  },
  {
    // An older space on the free plan (per user): its purchase is the legacy model's PURCHASE flow
    // (billing options, billing information, the hosted card page).
    name: 'Classic Team',
    plan: 'FREE',
    billingModel: 'PER_USER',
    freeAllowedUserCount: 3,
    proAllowedUserCount: 10,
    domains: ['classic.test'],
    members: [
      { email: 'carl@classic.test', role: 'OWNER', userPlan: 'FREE' },
      { email: 'cara@classic.test', role: 'MEMBER', userPlan: 'FREE' },
      { email: 'cody@classic.test', role: 'MEMBER', userPlan: 'FREE' },
    ],
  },
  {
    // Premium per user (Stripe, `npm start`'s demo billing) with paid users of two domains: the
    // switch to Pro ends on the cannot-downgrade page (spec 001 §2, §4).
    name: 'Global Team',
    plan: 'PREMIUM',
    billingModel: 'PER_USER',
    hasMultiDomain: true,
    freeAllowedUserCount: 2,
    proAllowedUserCount: 10,
    domains: ['global.test', 'partner.test'],
    members: [
      { email: 'gwen@global.test', role: 'OWNER', userPlan: 'PRO' },
      { email: 'gabe@global.test', role: 'ADMIN', userPlan: 'PRO' },
      { email: 'gus@partner.test', role: 'MEMBER', userPlan: 'PRO' },
      { email: 'gail@partner.test', role: 'MEMBER', userPlan: 'FREE' },
    ],
  },
];

/** The space each demo user's add-on sends from (spec 000 §3 addonWorkspaceId). */
const ADDON_SPACES: Record<string, string> = {
  'olivia@acme.test': 'Acme Sales',
  'adam@acme.test': 'Acme Sales',
  'mia@acme.test': 'Acme Sales',
  'fred@acme.test': 'Acme Sales',
  'dora@acme.test': 'Acme Sales',
  'tom@acme.test': 'Acme Sales',
  'gina@gmail.com': "Gina's space",
  'penny@gmail.com': "Penny's space",
  'max@max.test': 'Max 1',
  'sam@acme.test': "Sam's space",
  'sue@support.test': 'Support Team',
  'sid@support.test': 'Support Team',
  'carl@classic.test': 'Classic Team',
  'cara@classic.test': 'Classic Team',
  'cody@classic.test': 'Classic Team',
  'gwen@global.test': 'Global Team',
  'gabe@global.test': 'Global Team',
  'gus@partner.test': 'Global Team',
  'gail@partner.test': 'Global Team',
};

/** Mails sent per month in Acme Sales, newest month first, so the me call's counters are non-zero. */
const ACME_SALES_MONTHLY_SENT: Record<string, readonly number[]> = {
  'olivia@acme.test': [340, 1210, 860, 455, 1500, 98],
  'adam@acme.test': [120, 640, 310, 0, 720],
  'mia@acme.test': [45, 210, 380],
};

function svgDataUrl(label: string, color: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="120" viewBox="0 0 240 120"><rect width="240" height="120" rx="12" fill="${color}"/><text x="120" y="68" font-family="sans-serif" font-size="22" fill="#fff" text-anchor="middle">${label}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

const DEMO_PROMOTIONS: readonly NewPromotion[] = [
  {
    project: 'mergedesk',
    placement: 'sidebar',
    sortOrder: 1,
    name: 'FormPilot',
    description: 'Turn form responses into personalised follow-up e-mails.',
    image: svgDataUrl('FormPilot', '#7048e8'),
    type: 'addon',
    url: 'https://formpilot.example/?utm_source=mergedesk',
    productId: 'formpilot',
  },
  {
    project: 'mergedesk',
    placement: 'sidebar',
    sortOrder: 2,
    name: 'SheetSync',
    description: 'Keep your spreadsheets in sync with your CRM.',
    image: svgDataUrl('SheetSync', '#1c7ed6'),
    type: 'addon',
    url: 'https://sheetsync.example/?utm_source=mergedesk',
    productId: 'sheetsync',
  },
  {
    // Invalid on purpose (no url): the promotions endpoint must drop it (spec 000 §2).
    project: 'mergedesk',
    placement: 'sidebar',
    sortOrder: 3,
    name: 'Broken promotion',
    description: 'This entry has no link and is never shown.',
    image: svgDataUrl('Broken', '#868e96'),
    type: 'addon',
    url: null,
    productId: 'broken',
  },
];

export type DemoSeedResult = {
  /** user id by e-mail */
  users: Record<string, string>;
  /** space id by name */
  spaces: Record<string, string>;
};

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Writes the demo accounts, spaces, memberships, counters, promotions and space content
 * (seed-content.ts) in one transaction.
 */
export async function seedDemo(db: Database, options: { now?: Date } = {}): Promise<DemoSeedResult> {
  const now = options.now ?? new Date();
  const daysFromNow = (days: number) => new Date(now.getTime() + days * DAY_MS);
  return db.transaction(async (tx) => {
    const users: Record<string, string> = {};
    for (const [index, demoUser] of DEMO_USERS.entries()) {
      const user = await insertUser(tx, {
        email: demoUser.email,
        name: demoUser.name,
        profilePictureUrl: null,
        userType: isGmailAddress(demoUser.email) ? 'STANDARD' : 'BUSINESS',
        domainName: emailDomain(demoUser.email),
        installationTimestamp: demoUser.installed === false ? null : daysFromNow(-400 + index),
        createSource: 'WEBAPP',
      });
      await insertRolloutStatus(tx, user.id, {
        ...DEFAULT_ROLLOUT_STATUS,
        lastActivatedStep: demoUser.lastActivatedStep ?? null,
      });
      users[demoUser.email] = user.id;
    }

    const spaces: Record<string, string> = {};
    /** member row id by `${space}/${email}` */
    const memberRows: Record<string, string> = {};
    for (const [spaceIndex, { domains = [], members, ...space }] of DEMO_SPACES.entries()) {
      // Staggered creation times give the space switcher and the member lists a stable order.
      const created = daysFromNow(-500 + spaceIndex);
      const workspace = await insertWorkspace(tx, {
        ...space,
        slug: slugify(space.name),
        createdAt: created,
      });
      spaces[space.name] = workspace.id;
      await insertWorkspaceDomains(tx, workspace.id, domains);
      for (const [memberIndex, member] of members.entries()) {
        const status = member.status ?? 'ACTIVE';
        const row = await insertMember(tx, {
          workspaceId: workspace.id,
          userId: status === 'PENDING' ? null : requireId(users, member.email),
          email: member.email,
          role: member.role,
          userPlan: member.userPlan,
          status,
          seatType:
            space.billingModel === 'PER_SEAT' ? (status === 'PENDING' ? PENDING_SEAT : ADDED_SEAT) : null,
          freeTrialEndTimestamp:
            member.trialEndsInDays === undefined ? null : daysFromNow(member.trialEndsInDays),
          lastBecomePaidTimestamp: member.userPlan === 'FREE' ? null : created,
          createdAt: new Date(created.getTime() + memberIndex * 60_000),
        });
        memberRows[`${space.name}/${member.email}`] = row.id;
      }
    }

    for (const [email, spaceName] of Object.entries(ADDON_SPACES)) {
      await setAddonWorkspace(tx, requireId(users, email), requireId(spaces, spaceName));
    }
    for (const email of DEMO_USERS.map((user) => user.email).filter((email) =>
      email.endsWith('@legacy.test'),
    )) {
      await setAddonWorkspace(tx, requireId(users, email), requireId(spaces, 'Legacy Team'));
    }

    const acmeSales = requireId(spaces, 'Acme Sales');
    for (const [email, counts] of Object.entries(ACME_SALES_MONTHLY_SENT)) {
      await insertMonthlySentMails(
        tx,
        counts.map((count, monthsAgo) => ({
          ...monthOf(now, monthsAgo),
          count,
          workspaceId: acmeSales,
          userId: requireId(users, email),
        })),
      );
    }

    await insertInvitations(
      tx,
      DEMO_INVITATIONS.map((invitation) => {
        const sentAt = daysFromNow(-invitation.sentDaysAgo);
        const accepted = invitation.status === 'ACCEPTED';
        return {
          workspaceId: requireId(spaces, invitation.space),
          memberId: invitation.linked
            ? requireId(memberRows, `${invitation.space}/${invitation.email}`)
            : null,
          email: invitation.email,
          tokenHash: hashInvitationToken(invitation.token),
          status: invitation.status,
          expiresAt: new Date(sentAt.getTime() + INVITATION_LIFETIME_MS),
          invitedByUserId: requireId(users, invitation.invitedBy),
          acceptedByUserId: accepted ? requireId(users, invitation.email) : null,
          acceptedAt: accepted ? daysFromNow(-invitation.sentDaysAgo + 1) : null,
          cancelledAt: invitation.status === 'CANCELLED' ? daysFromNow(-invitation.sentDaysAgo + 1) : null,
          lastSentAt: sentAt,
          createdAt: sentAt,
        };
      }),
    );

    await insertPromotions(tx, [...DEMO_PROMOTIONS]);
    await seedContent(tx, now, { users, spaces });
    await seedCampaigns(tx, now, { users, spaces });
    return { users, spaces };
  });
}

function monthOf(now: Date, monthsAgo: number): Pick<MonthlySentMailsRecord, 'year' | 'month'> {
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsAgo, 1));
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1 };
}

function requireId(ids: Record<string, string>, key: string): string {
  const id = ids[key];
  if (id === undefined) throw new Error(`demo seed: unknown reference ${key}`);
  return id;
}

/** True when the database has no account yet (the demo is seeded only into an empty database). */
export async function hasNoUsers(db: Executor): Promise<boolean> {
  const result = await db.execute<{ empty: boolean }>('select not exists (select 1 from users) as empty');
  return result.rows[0]?.empty === true;
}
