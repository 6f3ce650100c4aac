import { useMutation } from '@tanstack/react-query';
import type { MergeOptions } from '@mergedesk/domain/api/sending';
import { callEndpoint } from '../../../lib/api-client';

export type TestSendInput = {
  subject: string;
  htmlBody: string;
  fields: Record<string, string>;
  options: MergeOptions;
};

/** POST /api/v1/users/me/workspaces/{id}/test-send (composer.testSend): one recipient's rendering, to the sender. */
const sendTest = (workspaceId: string, input: TestSendInput) =>
  callEndpoint('composer.testSend', { params: { id: workspaceId }, body: input });

export const useSendTest = (workspaceId: string) =>
  useMutation({ mutationFn: (input: TestSendInput) => sendTest(workspaceId, input) });
