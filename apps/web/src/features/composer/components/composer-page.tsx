import { Alert, Anchor, Button, Center, Group, List, Loader, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { GmailConnection, StartMergeBody } from '@mergedesk/domain/api/sending';
import type { CurrentUser, UserWorkspace } from '@mergedesk/domain/api/users';
import { checkContent } from '@mergedesk/domain/composer/content-checks';
import { detectEmailColumn } from '@mergedesk/domain/composer/email-column';
import { summarizeRecipients } from '@mergedesk/domain/composer/recipient-summary';
import { scheduleError } from '@mergedesk/domain/composer/schedule';
import { canScheduleMerges } from '@mergedesk/domain/plans/plan-features';
import { quotaLine as quotaLineOf } from '@mergedesk/domain/sending/quota-line';
import { GmailConnectLink } from '../../../components/gmail-connect-link';
import { ApiError } from '../../../lib/api-client';
import { GMAIL_TEXTS } from '../../../lib/gmail-connect';
import { usePageTitle } from '../../../lib/page-title';
import { useRecipientCheck } from '../api/check-recipients';
import { useGmailConnection } from '../../../lib/gmail-connection';
import { useSendAs } from '../api/get-send-as';
import { useSendingForecast } from '../api/get-sending-forecast';
import { useStartMerge } from '../api/start-merge';
import { scheduledAtMs, type ComposerOptions, type ComposerState } from '../lib/composer-state';
import { mergeBodyOf, mergeOptionsOf, sendBlockers } from '../lib/merge-request';
import { useComposerState } from '../lib/use-composer-state';
import { ContentSection } from './content-section';
import { OptionsSection } from './options-section';
import { PreviewSection } from './preview-section';
import { RecipientsSection } from './recipients-section';
import { SendConfirmModal, type SendError } from './send-confirm-modal';

export type ComposerPageProps = {
  /** The space's URL prefix, /{workspaceId}/{workspaceSlug}. */
  prefix: string;
  space: Pick<UserWorkspace, 'workspaceId' | 'userRole' | 'userPlan' | 'workspacePlan'>;
  user: Pick<CurrentUser, 'userId' | 'userEmail'>;
};

/**
 * The composer at {base}/mail-merges/new (issue 25): recipients from a CSV, the message from a
 * Gmail draft or a template, a preview per recipient and a test, the options, then send or
 * schedule through the sending engine (POST /api/addon/merges). The composition is saved between
 * reloads (lib/use-composer-state.ts) and forgotten once sent.
 */
export function ComposerPage({ prefix, space, user }: ComposerPageProps) {
  usePageTitle('New mail merge');
  const composer = useComposerState(user.userId, space.workspaceId);
  if (composer.state === null)
    return (
      <Center py="xl">
        <Loader aria-label="Loading the mail merge" />
      </Center>
    );
  return (
    <Composer
      prefix={prefix}
      space={space}
      user={user}
      state={composer.state}
      update={composer.update}
      clear={composer.clear}
    />
  );
}

type ComposerProps = ComposerPageProps &
  Omit<ReturnType<typeof useComposerState>, 'state'> & { state: ComposerState };

function Composer({ prefix, space, user, state, update, clear }: ComposerProps) {
  const { workspaceId } = space;
  const gmail = useGmailConnection();
  const gmailConnected = gmail.data?.status === 'CONNECTED';
  const sendAs = useSendAs(gmailConnected);
  const sender = useMergeSender(prefix, workspaceId, clear);
  const [confirming, setConfirming] = useState(false);
  const [triedToSend, setTriedToSend] = useState(false);
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const now = useNow();

  const { source, emailColumn } = state;
  const emails = useMemo(
    () => (source && emailColumn ? source.rows.map((row) => row[emailColumn] ?? '') : []),
    [source, emailColumn],
  );
  const recipientCheck = useRecipientCheck(workspaceId, emails);
  const summary = useMemo(
    () => (source && emailColumn ? summarizeRecipients(emails, recipientCheck.data) : null),
    [source, emailColumn, emails, recipientCheck.data],
  );
  // Typing in a 5,000-row merge re-checks every row: after the keystroke, not during it.
  const subject = useDeferredValue(state.subject);
  const htmlBody = useDeferredValue(state.htmlBody);
  const checks = useMemo(
    () => checkContent({ subject, htmlBody, columns: source?.columns ?? [], rows: source?.rows ?? [] }),
    [subject, htmlBody, source],
  );

  const canSchedule = canScheduleMerges(space);
  const later = canSchedule && state.options.when === 'later';
  const scheduledAt = later ? scheduledAtMs(state.options.scheduledAt) : null;
  const timeError = later ? scheduleError(scheduledAt, now) : null;
  const forecast = useSendingForecast(
    workspaceId,
    summary?.toSend ?? 0,
    timeError === null ? scheduledAt : null,
  );
  const quotaLine = forecast.data
    ? quotaLineOf(forecast.data, { timeZone, scheduled: scheduledAt !== null })
    : null;

  const mergeOptions = mergeOptionsOf(state.options);
  const blockers = sendBlockers({
    gmailConnected,
    state,
    summary,
    recipientsChecked: checkStateOf(recipientCheck) === 'done',
    checks,
    timeError,
  });

  const setOptions = (change: Partial<ComposerOptions>) =>
    update((current) => ({ ...current, options: { ...current.options, ...change } }));

  const openConfirm = () => {
    setTriedToSend(true);
    if (blockers.length === 0) {
      sender.reset();
      setConfirming(true);
    }
  };

  const send = () => sender.send(mergeBodyOf(state, workspaceId, scheduledAt), state.idempotencyKey);

  return (
    <Stack gap="lg" maw={960}>
      <ComposerHeader prefix={prefix} gmailStatus={gmail.data?.status ?? null} />

      <RecipientsSection
        source={source}
        emailColumn={emailColumn}
        summary={summary}
        checkState={checkStateOf(recipientCheck)}
        onRetryCheck={() => void recipientCheck.refetch()}
        onSource={(next) =>
          update((current) => ({
            ...current,
            source: next,
            emailColumn: detectEmailColumn(next.columns, next.rows),
            previewIndex: 0,
          }))
        }
        onEmailColumn={(column) => update((current) => ({ ...current, emailColumn: column }))}
        onClear={() =>
          update((current) => ({ ...current, source: null, emailColumn: null, previewIndex: 0 }))
        }
      />

      <ContentSection
        columns={source?.columns ?? []}
        origin={state.origin}
        subject={state.subject}
        htmlBody={state.htmlBody}
        checks={checks}
        showRequired={triedToSend}
        onContent={(content) => update((current) => ({ ...current, ...content }))}
      />

      {source !== null && emailColumn !== null && source.rows.length > 0 && (
        <PreviewSection
          workspaceId={workspaceId}
          rows={source.rows}
          emailColumn={emailColumn}
          index={state.previewIndex}
          onIndex={(previewIndex) => update((current) => ({ ...current, previewIndex }))}
          subject={state.subject}
          htmlBody={state.htmlBody}
          options={mergeOptions}
          skipReason={skipReasonOf(summary, state.previewIndex)}
          senderEmail={user.userEmail}
          connectLabel={gmail.data?.status === 'REVOKED' ? GMAIL_TEXTS.reconnect : GMAIL_TEXTS.connect}
          canSendTest={gmailConnected && !checks.missingSubject && !checks.missingBody}
        />
      )}

      <OptionsSection
        options={state.options}
        onOptions={setOptions}
        aliases={sendAs.data?.items ?? []}
        aliasesError={sendAs.error?.message ?? null}
        canSchedule={canSchedule}
        upgradePath={space.userRole === 'OWNER' ? `${prefix}/checkout/details` : null}
        scheduleError={triedToSend ? timeError : null}
        quotaLine={quotaLine}
        timeZone={timeZone}
      />

      <SendBar
        blockers={triedToSend ? blockers : []}
        label={later ? 'Schedule…' : 'Send…'}
        onSend={openConfirm}
      />

      {summary !== null && (
        <SendConfirmModal
          opened={confirming}
          summary={summary}
          scheduledAt={scheduledAt}
          quotaLine={quotaLine}
          sending={sender.isPending}
          error={sender.error}
          onNewKey={() => {
            sender.reset();
            update((current) => ({ ...current, idempotencyKey: crypto.randomUUID() }));
          }}
          onConfirm={send}
          onClose={() => setConfirming(false)}
        />
      )}
    </Stack>
  );
}

/** The heading, the way back, and whether MergeDesk can send through the person's Gmail. */
function ComposerHeader({
  prefix,
  gmailStatus,
}: {
  prefix: string;
  gmailStatus: GmailConnection['status'] | null;
}) {
  return (
    <>
      <Stack gap={4}>
        <Anchor component={Link} to={`${prefix}/mail-merges/sent`} size="sm">
          <Group gap={4} component="span">
            <IconArrowLeft size={14} aria-hidden />
            Mail merges
          </Group>
        </Anchor>
        <Title order={1}>New mail merge</Title>
      </Stack>
      {gmailStatus !== null && gmailStatus !== 'CONNECTED' && (
        <Alert color="yellow" variant="light" role="alert" title="Gmail is not connected">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              MergeDesk sends through your Gmail: connect it to send tests and the mail merge.
            </Text>
            <GmailConnectLink
              variant="button"
              label={gmailStatus === 'REVOKED' ? GMAIL_TEXTS.reconnect : GMAIL_TEXTS.connect}
            />
          </Stack>
        </Alert>
      )}
    </>
  );
}

/** The send button, and what still stops the merge once the person tried to send. */
function SendBar({ blockers, label, onSend }: { blockers: string[]; label: string; onSend: () => void }) {
  return (
    <Stack gap="xs" align="flex-start">
      {blockers.length > 0 && (
        <Alert color="red" variant="light" role="alert" title="Before sending">
          <List size="sm">
            {blockers.map((blocker) => (
              <List.Item key={blocker}>{blocker}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      <Button size="md" onClick={onSend}>
        {label}
      </Button>
    </Stack>
  );
}

function skipReasonOf(summary: ReturnType<typeof summarizeRecipients> | null, index: number) {
  if (summary === null) return null;
  return (
    summary.skipped.find((group) => group.recipients.some((recipient) => recipient.index === index))
      ?.reason ?? null
  );
}

/** The clock, read once a minute: whether a picked time is still in the future. */
function useNow(): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

const checkStateOf = (check: { isError: boolean; isFetching: boolean; isPending: boolean }) =>
  check.isError ? 'error' : check.isFetching || check.isPending ? 'pending' : 'done';

/**
 * Starts the merge once (a second click before the first re-rendered sends nothing either; the
 * Idempotency-Key covers retries), then forgets the composition and opens the merge's progress
 * page, or the Scheduled tab.
 */
function useMergeSender(prefix: string, workspaceId: string, clear: () => Promise<void>) {
  const navigate = useNavigate();
  const startMerge = useStartMerge(workspaceId);
  const sending = useRef(false);
  const send = (body: StartMergeBody | null, idempotencyKey: string) => {
    if (body === null || sending.current) return;
    sending.current = true;
    startMerge.mutate(
      { body, idempotencyKey },
      {
        onError: () => {
          sending.current = false;
        },
        onSuccess: (answer) =>
          void clear().then(() =>
            navigate(
              'campaignId' in answer
                ? `${prefix}/mail-merges/sending/${answer.campaignId}`
                : `${prefix}/mail-merges/scheduled`,
            ),
          ),
      },
    );
  };
  const { error } = startMerge;
  return {
    send,
    reset: startMerge.reset,
    isPending: startMerge.isPending,
    error: error ? sendErrorOf(error) : null,
  };
}

function sendErrorOf(error: Error): SendError {
  if (error instanceof ApiError && error.status === 0)
    return { kind: 'lost-connection', message: error.message };
  if (error instanceof ApiError && error.code === 'IDEMPOTENCY_KEY_REUSED')
    return { kind: 'key-reused', message: error.message };
  return { kind: 'refused', message: error.message };
}
