import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '@mergedesk/domain/api/users';
import { callEndpoint, isApiErrorStatus } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Spec 000 §7: POST v2 /users/workspace-activation-create-user?checkPeopleApi=true. */
export const createUser = (userEmail: string): Promise<CurrentUser> =>
  callEndpoint('users.create', {
    query: { checkPeopleApi: true },
    body: { userEmail, createSource: 'WEBAPP' },
  });

/** Creates the account; an existing account (409 USER_ALREADY_EXISTS) counts as success. */
export async function ensureUserExists(userEmail: string): Promise<void> {
  try {
    await createUser(userEmail);
  } catch (error) {
    if (!isApiErrorStatus(error, 409)) throw error;
  }
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ensureUserExists,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.currentUser() }),
  });
}
