import { useMutation } from '@tanstack/react-query';
import type { AcceptInvitationResponse } from '@mergedesk/domain/api/invitations';
import { INVITATION_ACCEPT_RETRIES } from '@mergedesk/domain/invitations/invitations';
import { callEndpoint, isApiErrorStatus } from '../../../lib/api-client';

export type InvitationAcceptance = AcceptInvitationResponse;

/** PUT /api/invitations/{token}/accept (spec 002 §7). */
const acceptInvitation = (token: string): Promise<InvitationAcceptance> =>
  callEndpoint('invitations.accept', { params: { token } });

/** Spec 002 §8, §9: only a server error (500) is retried, 3 times; every other answer is final. */
const shouldRetryAcceptance = (failureCount: number, error: unknown): boolean =>
  failureCount < INVITATION_ACCEPT_RETRIES && isApiErrorStatus(error, 500);

export const useAcceptInvitation = () =>
  useMutation({ mutationFn: acceptInvitation, retry: shouldRetryAcceptance, retryDelay: 300 });
