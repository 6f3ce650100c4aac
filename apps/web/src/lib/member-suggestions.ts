import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { SuggestedUser } from '@mergedesk/domain/api/users';
import {
  SUGGESTION_DEBOUNCE_MS,
  SUGGESTION_STALE_MS,
  suggestionKeyword,
} from '@mergedesk/domain/members/suggestions';
import { callEndpoint } from './api-client';
import { queryKeys } from './query-keys';

/** GET /api/v2/users/suggest: people the caller may add to the space, by e-mail or name. */
const getSuggestions = (
  workspaceId: string,
  keyword: string,
  signal?: AbortSignal,
): Promise<{ items: SuggestedUser[] }> =>
  callEndpoint('users.suggest', { query: { workspaceId, keyword }, signal });

/**
 * The member autocomplete for what is typed (rules in packages/domain/src/members/suggestions.ts):
 * asked 500 ms after the last keystroke once 2 characters are typed; off without a space (the
 * caller may not add members there). A failed lookup shows no suggestions; typing goes on.
 */
export function useMemberSuggestions(workspaceId: string | null, typed: string): SuggestedUser[] {
  const [debounced] = useDebouncedValue(typed, SUGGESTION_DEBOUNCE_MS);
  const keyword = suggestionKeyword(debounced);
  const query = useQuery({
    queryKey: queryKeys.memberSuggestions(workspaceId ?? '', keyword ?? ''),
    queryFn: ({ signal }) => getSuggestions(workspaceId!, keyword!, signal),
    enabled: workspaceId !== null && keyword !== null,
    staleTime: SUGGESTION_STALE_MS,
    retry: false,
  });
  // Only an answer for what is typed now (not a stale keyword's while the next one is awaited).
  return keyword !== null && suggestionKeyword(typed) !== null ? (query.data?.items ?? []) : [];
}
