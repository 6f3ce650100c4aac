import { queryOptions, useQuery } from '@tanstack/react-query';
import { formatFilterBy } from '@mergedesk/domain/api/list-filters';
import type { BillingModel, SpacePlan } from '@mergedesk/domain/plans/plans';
import { isOwnerCandidate } from '@mergedesk/domain/members/permissions';
import { MEMBERS_STALE_TIME_MS, UPGRADE_MODAL_MEMBER_LIMIT } from '@mergedesk/domain/session/constants';
import { callEndpoint } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type OwnerCandidate = { userId: string; name: string; email: string };

/** What the candidate rule reads of the space: its billing model and plan. */
export type CandidateSpace = { billingModel: BillingModel; workspacePlan: SpacePlan | null };

/** The dropdown lists at most this many members (spec 002 §7 gives the call a limit, not its value). */
const CANDIDATE_LIMIT = UPGRADE_MODAL_MEMBER_LIMIT;

/**
 * Spec 002 §7 "list members for the new-owner dropdown (filters memberStatus or userStatus,
 * limit)": the seat members (userStatus) in a per-seat space, the members list (memberStatus) in a
 * per-user one; the domain's isOwnerCandidate keeps those who may become the owner (§5).
 */
async function getOwnerCandidates(
  workspaceId: string,
  space: CandidateSpace,
  signal?: AbortSignal,
): Promise<OwnerCandidate[]> {
  if (space.billingModel === 'PER_SEAT') {
    const list = await callEndpoint('members.seatMembers', {
      params: { workspaceId },
      query: { filterBy: formatFilterBy({ userStatus: 'ACTIVE' }), limit: CANDIDATE_LIMIT },
      signal,
    });
    return list.items.flatMap((member) =>
      member.userId !== null &&
      isOwnerCandidate(space, { role: member.userRole, status: member.userStatus, userPlan: member.userPlan })
        ? [{ userId: member.userId, name: member.userName, email: member.userEmail }]
        : [],
    );
  }
  const list = await callEndpoint('members.list', {
    params: { workspaceId },
    query: { filterBy: formatFilterBy({ memberStatus: ['ACTIVE', 'ACCEPTED'] }), limit: CANDIDATE_LIMIT },
    signal,
  });
  return list.items.flatMap((member) =>
    member.userId !== null &&
    isOwnerCandidate(space, { role: member.userRole, status: member.memberStatus, userPlan: member.userPlan })
      ? [{ userId: member.userId, name: member.userName, email: member.memberEmail }]
      : [],
  );
}

const getOwnerCandidatesQueryOptions = (workspaceId: string, space: CandidateSpace) =>
  queryOptions({
    queryKey: queryKeys.members.ownerCandidates(workspaceId, space.billingModel, space.workspacePlan),
    queryFn: ({ signal }) => getOwnerCandidates(workspaceId, space, signal),
    staleTime: MEMBERS_STALE_TIME_MS,
  });

export const useOwnerCandidates = (
  workspaceId: string,
  space: CandidateSpace,
  options: { enabled?: boolean } = {},
) =>
  useQuery({
    ...getOwnerCandidatesQueryOptions(workspaceId, space),
    enabled: options.enabled ?? true,
  });
