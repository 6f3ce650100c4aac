import type { ListQuery } from '@mergedesk/domain/api/list-query';
import { parseListQuery, type ParsedListQuery } from '@mergedesk/domain/api/list-query';
import { MEMBER_FILTER_KEYS, MEMBER_SORT_KEYS, type Member } from '@mergedesk/domain/api/members';
import type { FieldError } from '@mergedesk/domain/errors/error-codes';
import { memberStatusSchema, userPlanSchema } from '@mergedesk/domain/plans/plans';
import { roleSchema } from '@mergedesk/domain/roles/roles';
import { emailDomain, emailSchema, isGmailAddress } from '@mergedesk/domain/users/email';
import { z } from 'zod';
import type { Database } from '../../db/client';
import type { SpaceMembership } from '../../lib/access';
import { listQueryFailed } from '../../lib/list-query';
import type { MemberBillingFacts } from './billing-facts';
import { domainsOf } from '../workspaces/workspaces.views';
import { listMembers, type MemberFilters, type MemberListQuery, type MemberListRow } from './members.repo';

const filterValueSchemas = {
  userRole: roleSchema,
  memberStatus: memberStatusSchema,
  userPlan: userPlanSchema,
  memberEmail: emailSchema,
} satisfies Record<keyof MemberFilters, z.core.$ZodType<string>>;

export const MEMBERS_FORBIDDEN_MESSAGE = 'Only an admin or the owner of this space can see its members.';

/** GET /api/workspaces/{workspaceId}/members (spec 002 §7 "Older members list"). */
export async function getMembers(
  db: Database,
  { membership, billing }: { membership: SpaceMembership; billing: MemberBillingFacts },
  query: ListQuery,
): Promise<{ items: Member[]; total: number }> {
  const listQuery = parseMemberListQuery(query);
  const [{ rows, total }, domains, downgrading] = await Promise.all([
    listMembers(db, membership.workspace.id, listQuery),
    domainsOf(db, membership.workspace.id),
    billing.scheduledDowngradeEmails(db, membership.workspace.id),
  ]);
  return { items: rows.map((row) => toMember(row, domains, downgrading)), total };
}

function parseMemberListQuery(query: ListQuery): MemberListQuery {
  return parseCheckedListQuery(query, MEMBER_FILTER_KEYS, MEMBER_SORT_KEYS, filterValueSchemas);
}

/**
 * The shared list parameters with each filter value checked by its schema: an unknown key or
 * value is a 400 naming it.
 */
export function parseCheckedListQuery<F extends string, S extends string, Filters>(
  query: ListQuery,
  filterKeys: readonly F[],
  sortKeys: readonly S[],
  valueSchemas: Record<F, z.core.$ZodType<string>>,
): Omit<ParsedListQuery<F, S>, 'filters'> & { filters: Filters } {
  const parsed = parseListQuery(query, { filterKeys, sortKeys });
  if (!parsed.ok) throw listQueryFailed(parsed.issues);
  const filters: Partial<Record<F, string[]>> = {};
  const issues: FieldError[] = [];
  for (const key of filterKeys) {
    const values = parsed.value.filters[key];
    if (values === undefined) continue;
    const checked: string[] = [];
    for (const value of values) {
      const result = z.safeParse(valueSchemas[key], value);
      if (result.success) checked.push(result.data);
      else issues.push({ field: 'filterBy', message: `Unknown value '${value}' for filter '${key}'.` });
    }
    filters[key] = checked;
  }
  if (issues.length > 0) throw listQueryFailed(issues);
  return { ...parsed.value, filters: filters as Filters };
}

function toMember(row: MemberListRow, workspaceDomains: string[], downgrading: ReadonlySet<string>): Member {
  return {
    userId: row.userId,
    userName: row.userName ?? '',
    memberEmail: row.email,
    userRole: row.role,
    userPlan: row.userPlan,
    memberStatus: row.status,
    freeTrialEndTimestamp: row.freeTrialEndTimestamp?.getTime() ?? null,
    createTimestamp: row.createdAt.getTime(),
    isPersonal: isGmailAddress(row.email),
    isUserInDomain: workspaceDomains.includes(emailDomain(row.email)),
    // Per-user model: paid now, free from the period end (spec 002 §4.6).
    isScheduledToBeDowngraded: downgrading.has(row.email),
  };
}
