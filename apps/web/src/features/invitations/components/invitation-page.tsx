import { Button, Group, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import {
  INVITATION_ERROR_REASONS,
  INVITATION_FINALIZE_TITLE,
  INVITATION_MESSAGES,
  invitationFailureMessage,
  isWrongAccountFailure,
  type InvitationFailure,
} from '@mergedesk/domain/invitations/invitations';
import type { CurrentUser } from '@mergedesk/domain/api/users';
import { SPACE_SWITCH_TARGET } from '@mergedesk/domain/spaces/space-switch';
import { FullPageLoader } from '../../../components/full-page-states/full-page-loader';
import { StatusCard } from '../../../components/full-page-states/status-card';
import { showAlert, showErrorAlert, showJoinedAlert } from '../../../lib/alerts';
import { ApiError } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
import { PRODUCT_NAME } from '../../../lib/product';
import { pickDefaultSpace, setLastSpaceId, spacePath } from '../../../lib/selected-space';
import { useSession } from '../../../lib/session-context';
import { useAcceptInvitation, type InvitationAcceptance } from '../api/accept-invitation';

/** The optional {status} segment that accepts at once (spec 002 §2.10). */
const AUTO_ACCEPT_STATUS = 'accept';
/** Ours: the page before accepting, when the link has no 'accept' status. */
const INVITATION_TITLE = 'You have been invited to a space';
const SWITCH_ACCOUNT_LABEL = 'Switch account';

export type InvitationPageProps = {
  /** The signed-in user (the route renders for signed-in people only). */
  user: CurrentUser;
  /** The INVITATION rollout restriction is on for this user (spec 000 §6). */
  isRestricted: boolean;
  /** Refetches the current user's profile and spaces (spec 002 §4.8); resolves with the new data. */
  refetchUser: () => Promise<CurrentUser | undefined>;
};

/**
 * /invitations/{invitationToken}/{status?} (spec 002 §2.10, §4.8, §8). With status 'accept' the
 * invitation is accepted at once, otherwise after a click. On success the profile is refetched, the
 * join alert is set and the user lands on the joined space's sent merges. Errors follow spec 002 §8
 * (join alert, then the sent merges), except two states that the person must act on here: signed in
 * with another account than the invited one (switch account), and no space to land on.
 */
export function InvitationPage({ user, isRestricted, refetchUser }: InvitationPageProps) {
  usePageTitle('Invitation');
  const { invitationToken = '', status } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const accept = useAcceptInvitation();
  const started = useRef(false);

  const run = () => {
    if (started.current || isRestricted) return;
    started.current = true;
    const joinedSpace = async (joined: InvitationAcceptance) => {
      const fresh = (await refetchUser()) ?? user;
      const space = fresh.userWorkspaces?.find((entry) => entry.workspaceId === joined.workspaceId);
      const landing = space ?? pickDefaultSpace(fresh);
      if (!landing) {
        await navigate('/', { replace: true });
        return;
      }
      setLastSpaceId(landing.workspaceId);
      const target = spacePath(landing, SPACE_SWITCH_TARGET);
      showJoinedAlert(joined.workspaceName, target);
      await navigate(target, { replace: true });
    };
    const failed = async (error: unknown) => {
      const failure = failureOf(error);
      // These states are for the person to act on here (spec 002 §2.10, §8 403).
      if (isWrongAccountFailure(failure) || isRestrictedFailure(failure)) return;
      const landing = pickDefaultSpace(user);
      if (!landing) return;
      const target = spacePath(landing, SPACE_SWITCH_TARGET);
      // Spec 002 §8: a final 500 sets the generic join error; others a join alert with the error.
      if (failure.status >= 500 || failure.status === 0) showErrorAlert('join');
      else
        showAlert({
          kind: 'join',
          tone: 'error',
          title: INVITATION_FINALIZE_TITLE,
          description: invitationFailureMessage(failure),
          showOn: target,
        });
      await navigate(target, { replace: true });
    };
    accept.mutate(invitationToken, {
      onSuccess: (joined) => void joinedSpace(joined),
      onError: (error) => void failed(error),
    });
  };

  const autoAccept = status === AUTO_ACCEPT_STATUS;
  useEffect(() => {
    if (autoAccept) run();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- accept once per visit
  }, [autoAccept]);

  const failure = accept.isError ? failureOf(accept.error) : null;
  if (isRestricted || (failure && isRestrictedFailure(failure))) {
    return <StatusCard kind="warning" title={INVITATION_MESSAGES.RESTRICTED} />;
  }

  if (failure && isWrongAccountFailure(failure)) {
    const continuePath = `${location.pathname.replace(/\/accept\/?$/, '')}/${AUTO_ACCEPT_STATUS}`;
    return (
      <StatusCard
        kind="error"
        title={INVITATION_FINALIZE_TITLE}
        description={INVITATION_MESSAGES.WRONG_ACCOUNT}
      >
        <Text size="sm">
          You are signed in as <strong>{user.userEmail}</strong>. Switch to the Google account the invitation
          was sent to, and it will be accepted.
        </Text>
        <Group justify="center">
          <Button onClick={() => void session.switchAccount({ continue: continuePath })}>
            {SWITCH_ACCOUNT_LABEL}
          </Button>
          <Button component={Link} to="/" variant="default">
            Go to my dashboard
          </Button>
        </Group>
      </StatusCard>
    );
  }

  if (failure) {
    return (
      <StatusCard
        kind="error"
        title={INVITATION_FINALIZE_TITLE}
        description={invitationFailureMessage(failure)}
      >
        <Group justify="center">
          <Button component={Link} to="/">
            Continue
          </Button>
        </Group>
      </StatusCard>
    );
  }

  if (accept.isIdle && !autoAccept) {
    return (
      <StatusCard
        kind="success"
        title={INVITATION_TITLE}
        description={`Accept the invitation to join the space with your ${PRODUCT_NAME} account ${user.userEmail}.`}
      >
        <Group justify="center">
          <Button onClick={run}>Accept invitation</Button>
          <Button component={Link} to="/" variant="default">
            Not now
          </Button>
        </Group>
      </StatusCard>
    );
  }

  return <FullPageLoader label="Joining the space…" />;
}

/** The status, reason and message of a failed acceptance (0 for a network failure). */
const failureOf = (error: unknown): InvitationFailure =>
  error instanceof ApiError
    ? { status: error.status, reason: error.reason ?? null, message: error.message }
    : { status: 0, reason: null, message: null };

/** The server refuses while invitations are restricted for the user (INVITATION rollout flag). */
const isRestrictedFailure = (failure: InvitationFailure): boolean =>
  failure.reason === INVITATION_ERROR_REASONS.RESTRICTED;
