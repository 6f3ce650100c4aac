import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GmailConnection } from '@mergedesk/domain/api/sending';
import { callEndpoint } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** DELETE /api/v1/users/me/gmail (gmail.disconnect, issue 24): the grant is revoked at Google and forgotten. */
const disconnectGmail = (): Promise<unknown> => callEndpoint('gmail.disconnect');

const DISCONNECTED: GmailConnection = { status: 'NOT_CONNECTED', email: null, connectedAt: null };

export const useDisconnectGmail = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disconnectGmail,
    onSuccess: () => {
      queryClient.setQueryData(queryKeys.gmailConnection(), DISCONNECTED);
      return queryClient.invalidateQueries({ queryKey: queryKeys.gmailConnection() });
    },
  });
};
