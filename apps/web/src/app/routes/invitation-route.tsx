import { isRestricted } from '@mergedesk/domain/rollout/restrictions';
import { isGmailAddress } from '@mergedesk/domain/users/email';
import { ErrorScreen } from '../../components/full-page-states/error-screen';
import { FullPageLoader } from '../../components/full-page-states/full-page-loader';
import { useCurrentUser } from '../../features/users/api/get-current-user';
import { useRolloutStatus } from '../../features/users/api/get-rollout-status';
import { InvitationPage } from '../../features/invitations/components/invitation-page';

/**
 * /invitations/{invitationToken}/{status?}: hands the invitation page the signed-in user, the
 * INVITATION rollout restriction (spec 000 §6; a failed rollout call means no restriction) and the
 * profile refetch of spec 002 §4.8.
 */
export function InvitationRoute() {
  const me = useCurrentUser();
  const rollout = useRolloutStatus();
  if (me.isPending || rollout.isPending) return <FullPageLoader label="Opening the invitation…" />;
  if (me.isError) return <ErrorScreen />;
  const restricted = isRestricted(
    'INVITATION',
    rollout.data?.lastActivatedStep,
    isGmailAddress(me.data.userEmail),
  );
  return (
    <InvitationPage
      user={me.data}
      isRestricted={restricted}
      refetchUser={async () => (await me.refetch()).data}
    />
  );
}
