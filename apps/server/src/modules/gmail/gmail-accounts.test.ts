import type { gmail_v1 } from '@googleapis/gmail';
import { describe, expect, it, vi } from 'vitest';
import { createGmailAccount } from './gmail-accounts';
import { toGmailApiError } from './gmail-errors';

/** A Gmail client whose sendAs.list fails as gaxios does with `status` and Google's error body. */
function failingSendAs(status: number, reason: string) {
  const error = Object.assign(new Error(`Request failed with status code ${status}`), {
    response: { status, data: { error: { code: status, errors: [{ reason }] } } },
  });
  return {
    users: { settings: { sendAs: { list: () => Promise.reject(error) } }, messages: {}, drafts: {} },
  } as unknown as gmail_v1.Gmail;
}

describe('GmailAccount.sendAsAddresses', () => {
  /** The grant's wrapper: a 'revoked' failure marks the grant withdrawn (gmail-accounts forUser). */
  const accountOver = (api: gmail_v1.Gmail) => {
    const markRevoked = vi.fn();
    const account = createGmailAccount({
      userId: 'u1',
      email: 'olivia@acme.test',
      api,
      call: async (operation) => {
        try {
          return await operation();
        } catch (error) {
          const mapped = toGmailApiError(error, null);
          if (mapped.kind === 'revoked') markRevoked();
          throw mapped;
        }
      },
    });
    return { account, markRevoked };
  };

  it.each(['insufficientPermissions', 'ACCESS_TOKEN_SCOPE_INSUFFICIENT'])(
    'a 403 %s (a gmail.send grant cannot list aliases): the account itself, the grant kept',
    async (reason) => {
      const { account, markRevoked } = accountOver(failingSendAs(403, reason));
      expect(await account.sendAsAddresses()).toEqual([
        { email: 'olivia@acme.test', displayName: '', isDefault: true },
      ]);
      expect(markRevoked).not.toHaveBeenCalled();
    },
  );

  it('a 401 is a withdrawn permission, as for every call', async () => {
    const { account, markRevoked } = accountOver(failingSendAs(401, 'authError'));
    await expect(account.sendAsAddresses()).rejects.toMatchObject({ kind: 'revoked' });
    expect(markRevoked).toHaveBeenCalledOnce();
  });

  it('a 500 stays a transient failure', async () => {
    const { account } = accountOver(failingSendAs(500, 'backendError'));
    await expect(account.sendAsAddresses()).rejects.toMatchObject({ kind: 'transient' });
  });
});
