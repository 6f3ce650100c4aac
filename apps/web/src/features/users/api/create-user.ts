import type { CurrentUser } from '@mergedesk/domain/api/users';
import { callEndpoint, isApiErrorStatus } from '../../../lib/api-client';

/** Spec 000 §7: POST v2 /users/workspace-activation-create-user?checkPeopleApi=true. */
const createUser = (userEmail: string): Promise<CurrentUser> =>
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
