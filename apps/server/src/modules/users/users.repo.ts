import { and, asc, desc, eq, ilike, inArray, isNotNull, ne, notInArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { userColumns, type UserRecord } from '../../db/records';
import { containsPattern } from '../../lib/list-query';
import { rolloutStatuses, users } from '../../db/schema';
import { sessionView } from '../auth/auth.views';
import { monthlySentMailsView } from '../campaigns/campaigns.views';
import { memberView } from '../members/members.views';

export async function findUserByEmail(db: Executor, email: string): Promise<UserRecord | undefined> {
  const [row] = await db.select(userColumns).from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return row;
}

/** Locks the user row until the transaction ends: serialises the caller's space creations. */
export type NewUser = {
  email: string;
  name: string;
  profilePictureUrl: string | null;
  userType: 'STANDARD' | 'BUSINESS';
  domainName: string;
  installationTimestamp?: Date | null;
  createSource?: string;
};

export async function insertUser(db: Executor, values: NewUser): Promise<UserRecord> {
  const [row] = await db
    .insert(users)
    .values({ ...values, email: values.email.toLowerCase() })
    .returning(userColumns);
  if (!row) throw new Error('insert into users returned no row');
  return row;
}

export async function setAddonWorkspace(db: Executor, userId: string, workspaceId: string): Promise<void> {
  await db
    .update(users)
    .set({ addonWorkspaceId: workspaceId, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

export type RolloutStatusRecord = {
  isRegistered: boolean;
  isEligible: boolean;
  isPerSeat: boolean;
  userV2: boolean;
  lastActivatedStep: number | null;
};

const rolloutColumns = {
  isRegistered: rolloutStatuses.isRegistered,
  isEligible: rolloutStatuses.isEligible,
  isPerSeat: rolloutStatuses.isPerSeat,
  userV2: rolloutStatuses.userV2,
  lastActivatedStep: rolloutStatuses.lastActivatedStep,
};

export async function insertRolloutStatus(
  db: Executor,
  userId: string,
  values: RolloutStatusRecord,
): Promise<void> {
  await db.insert(rolloutStatuses).values({ userId, ...values });
}

export async function findRolloutStatus(
  db: Executor,
  userId: string,
): Promise<RolloutStatusRecord | undefined> {
  const [row] = await db
    .select(rolloutColumns)
    .from(rolloutStatuses)
    .where(eq(rolloutStatuses.userId, userId))
    .limit(1);
  return row;
}

export type SessionProfile = { email: string; name: string; picture: string | null };

/** The identity the OpenID provider gave for a live (not revoked, not expired) session. */
export async function findLiveSessionProfile(
  db: Executor,
  sessionId: string,
  now: Date,
): Promise<SessionProfile | undefined> {
  const [row] = await db
    .select({
      email: sessionView.email,
      name: sessionView.name,
      picture: sessionView.picture,
      revokedAt: sessionView.revokedAt,
      expiresAt: sessionView.expiresAt,
    })
    .from(sessionView)
    .where(eq(sessionView.id, sessionId))
    .limit(1);
  if (!row || row.revokedAt !== null || row.expiresAt <= now) return undefined;
  return { email: row.email, name: row.name, picture: row.picture };
}

export type MonthlySentMailsRecord = { workspaceId: string; year: number; month: number; count: number };

/** Every month counter of the user in every space, newest first. */
export async function listMonthlySentMails(db: Executor, userId: string): Promise<MonthlySentMailsRecord[]> {
  return db
    .select({
      workspaceId: monthlySentMailsView.workspaceId,
      year: monthlySentMailsView.year,
      month: monthlySentMailsView.month,
      count: monthlySentMailsView.count,
    })
    .from(monthlySentMailsView)
    .where(eq(monthlySentMailsView.userId, userId))
    .orderBy(desc(monthlySentMailsView.year), desc(monthlySentMailsView.month));
}

export type SuggestionSearch = {
  callerId: string;
  /** The caller's e-mail domain, or null when it is a personal (Gmail) domain. */
  callerDomain: string | null;
  workspaceId: string;
  keyword: string;
  limit: number;
};

/**
 * Users the caller may add to a space: matching the keyword by e-mail or name, on the caller's
 * own (business) domain or co-members of one of the caller's spaces, and not yet in the space.
 */
export async function searchSuggestedUsers(
  db: Executor,
  search: SuggestionSearch,
): Promise<Array<{ email: string; name: string }>> {
  const pattern = containsPattern(search.keyword);
  const callerSpaces = db
    .select({ workspaceId: memberView.workspaceId })
    .from(memberView)
    .where(eq(memberView.userId, search.callerId));
  const coMembers = db
    .select({ userId: sql<string>`${memberView.userId}` })
    .from(memberView)
    .where(and(inArray(memberView.workspaceId, callerSpaces), isNotNull(memberView.userId)));
  const alreadyInSpace = db
    .select({ email: memberView.email })
    .from(memberView)
    .where(eq(memberView.workspaceId, search.workspaceId));
  const related =
    search.callerDomain === null
      ? inArray(users.id, coMembers)
      : or(eq(users.domainName, search.callerDomain), inArray(users.id, coMembers));
  return db
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(
      and(
        ne(users.id, search.callerId),
        or(ilike(users.email, pattern), ilike(users.name, pattern)),
        related,
        notInArray(users.email, alreadyInSpace),
      ),
    )
    .orderBy(asc(users.name), asc(users.email))
    .limit(search.limit);
}

/** Points the add-on of `userId` at `landing` when it sent from `workspaceId`. */
export async function moveAddonSpace(
  tx: Executor,
  userId: string,
  workspaceId: string,
  landing: string | null,
): Promise<void> {
  await tx
    .update(users)
    .set({ addonWorkspaceId: landing, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), eq(users.addonWorkspaceId, workspaceId)));
}

/** The add-on space of an account. */
export async function findAddonSpace(tx: Executor, userId: string): Promise<string | null> {
  const [row] = await tx.select({ id: users.addonWorkspaceId }).from(users).where(eq(users.id, userId));
  return row?.id ?? null;
}
