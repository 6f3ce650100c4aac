import { Alert, Button, Group, Paper, Select, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { MISSING_AUTHORIZATION_REASON } from '@mergedesk/domain/templates/messages';
import {
  BODY_REQUIRED_MESSAGE,
  emptyValuesMessage,
  SUBJECT_REQUIRED_MESSAGE,
  type ContentChecks,
} from '@mergedesk/domain/composer/content-checks';
import { unknownMarkersMessage } from '@mergedesk/domain/sending/markers';
import {
  GRANT_OUTCOME_PARAM,
  readGrantOutcome,
  WRONG_ACCOUNT_MESSAGE,
} from '@mergedesk/domain/session/compose-grant';
import { GMAIL_COMPOSE_SCOPE } from '@mergedesk/domain/session/constants';
import { isApiErrorStatus } from '../../../lib/api-client';
import { useSession } from '../../../lib/session-context';
import { getGmailDraft, useGmailDrafts } from '../api/get-gmail-drafts';
import { useTemplates } from '../../../lib/templates';
import type { ContentOrigin } from '../lib/composer-state';

export type ContentSectionProps = {
  columns: readonly string[];
  origin: ContentOrigin | null;
  subject: string;
  htmlBody: string;
  checks: ContentChecks | null;
  /** Show what is missing (after a send was tried). */
  showRequired: boolean;
  onContent: (content: { origin: ContentOrigin | null; subject: string; htmlBody: string }) => void;
};

type Field = 'subject' | 'body';

const PERMISSION_NOT_GIVEN_MESSAGE = 'The Gmail permission was not given: your drafts cannot be listed.';

const DRAFTS_PERMISSION_TEXT =
  'To pick one of your Gmail drafts, allow MergeDesk to read and create Gmail drafts.';

/**
 * The message (issue 25 item 3): from a Gmail draft or a gallery template, subject and body
 * editable, the file's columns insertable as {{Column}} markers at the cursor, unknown markers and
 * empty values flagged by the engine's rules (domain composer/content-checks).
 */
export function ContentSection({
  columns,
  origin,
  subject,
  htmlBody,
  checks,
  showRequired,
  onContent,
}: ContentSectionProps) {
  const subjectRef = useRef<HTMLInputElement>(null);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const lastField = useRef<Field>('body');

  const insertMarker = (column: string) => {
    const field = lastField.current;
    const element = field === 'subject' ? subjectRef.current : bodyRef.current;
    const text = field === 'subject' ? subject : htmlBody;
    const marker = `{{${column}}}`;
    const start = element?.selectionStart ?? text.length;
    const end = element?.selectionEnd ?? text.length;
    const next = `${text.slice(0, start)}${marker}${text.slice(end)}`;
    onContent({
      origin,
      subject: field === 'subject' ? next : subject,
      htmlBody: field === 'body' ? next : htmlBody,
    });
    // The caret goes after the marker, in the field it was in.
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(start + marker.length, start + marker.length);
    });
  };

  const emptyMessage = checks ? emptyValuesMessage(checks.emptyValues) : null;

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="composer-content">
      <Stack gap="sm">
        <Title order={2} size="h3" id="composer-content">
          2. Message
        </Title>
        <ContentPicker origin={origin} onContent={onContent} />
        <TextInput
          ref={subjectRef}
          label="Subject"
          value={subject}
          onFocus={() => (lastField.current = 'subject')}
          onChange={(event) => onContent({ origin, subject: event.currentTarget.value, htmlBody })}
          error={showRequired && checks?.missingSubject ? SUBJECT_REQUIRED_MESSAGE : undefined}
        />
        {columns.length > 0 && (
          <Stack gap={4}>
            <Text size="sm" fw={500} id="composer-markers">
              Insert a column at the cursor
            </Text>
            <Group gap={6} role="group" aria-labelledby="composer-markers">
              {columns.map((column) => (
                <Button
                  key={column}
                  size="compact-xs"
                  variant="light"
                  aria-label={`Insert {{${column}}}`}
                  // Keeps the caret of the field being edited.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => insertMarker(column)}
                >
                  {`{{${column}}}`}
                </Button>
              ))}
            </Group>
          </Stack>
        )}
        <Textarea
          ref={bodyRef}
          label="Body (HTML)"
          description="Markers like {{First name}} are replaced by each recipient's value; {{First name|there}} gives a fallback for empty cells."
          rows={12}
          resize="vertical"
          value={htmlBody}
          onFocus={() => (lastField.current = 'body')}
          onChange={(event) => onContent({ origin, subject, htmlBody: event.currentTarget.value })}
          error={showRequired && checks?.missingBody ? BODY_REQUIRED_MESSAGE : undefined}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
        />
        {checks !== null && checks.unknown.length > 0 && (
          <Alert color="red" variant="light" role="alert" title="Unknown markers">
            {unknownMarkersMessage(checks.unknown)}
          </Alert>
        )}
        {emptyMessage !== null && (
          <Alert color="yellow" variant="light" role="status" title="Empty values">
            {emptyMessage}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

/** Starts the message from a Gmail draft or a gallery template; either replaces subject and body. */
function ContentPicker({
  origin,
  onContent,
}: {
  origin: ContentOrigin | null;
  onContent: ContentSectionProps['onContent'];
}) {
  const session = useSession();
  const location = useLocation();
  const hasComposeScope = session.scopes.includes(GMAIL_COMPOSE_SCOPE);
  const drafts = useGmailDrafts(hasComposeScope);
  const templates = useTemplates();
  const loadDraft = useMutation({ mutationFn: (id: string) => getGmailDraft(id) });
  const grantOutcome = useGrantOutcome();

  const needsPermission =
    !hasComposeScope ||
    (isApiErrorStatus(drafts.error, 403) && drafts.error.reason === MISSING_AUTHORIZATION_REASON);

  const pickDraft = (id: string | null) => {
    const summary = drafts.data?.items.find((draft) => draft.id === id);
    if (!summary) return;
    loadDraft.mutate(summary.id, {
      onSuccess: (draft) =>
        onContent({
          origin: { kind: 'draft', id: draft.id, title: draft.subject || '(no subject)' },
          subject: draft.subject,
          htmlBody: draft.htmlBody,
        }),
    });
  };
  const pickTemplate = (id: string | null) => {
    const template = templates.data?.items.find((candidate) => candidate.id === id);
    if (template)
      onContent({
        origin: { kind: 'template', id: template.id, title: template.subject },
        subject: template.subject,
        htmlBody: template.preview,
      });
  };

  return (
    <Stack gap="xs">
      <Group align="flex-end" grow preventGrowOverflow={false} wrap="wrap">
        {needsPermission ? (
          <Stack gap={4} style={{ flex: '1 1 16rem' }}>
            <Text size="sm">{DRAFTS_PERMISSION_TEXT}</Text>
            <Button
              variant="light"
              onClick={() => session.requestComposePermission(`${location.pathname}${location.search}`)}
            >
              Allow access to Gmail drafts
            </Button>
          </Stack>
        ) : (
          <Select
            label="Start from a Gmail draft"
            placeholder={
              drafts.isPending
                ? 'Loading your drafts…'
                : drafts.data?.items.length === 0
                  ? 'No drafts in Gmail'
                  : 'Pick a draft'
            }
            data={(drafts.data?.items ?? []).map((draft) => ({
              value: draft.id,
              label: draft.subject || '(no subject)',
            }))}
            value={origin?.kind === 'draft' ? origin.id : null}
            onChange={pickDraft}
            searchable
            error={drafts.isError ? 'Your Gmail drafts could not be loaded.' : undefined}
            style={{ flex: '1 1 16rem' }}
          />
        )}
        <Select
          label="Or from a template"
          placeholder="Pick a template"
          data={(templates.data?.items ?? []).map((template) => ({
            value: template.id,
            label: template.subject,
          }))}
          value={origin?.kind === 'template' ? origin.id : null}
          onChange={pickTemplate}
          error={templates.isError ? 'The templates could not be loaded.' : undefined}
          style={{ flex: '1 1 16rem' }}
        />
      </Group>
      {grantOutcome !== null && (
        <Alert color="red" variant="light" role="alert">
          {grantOutcome === 'wrong-account' ? WRONG_ACCOUNT_MESSAGE : PERMISSION_NOT_GIVEN_MESSAGE}
        </Alert>
      )}
      {loadDraft.isPending && (
        <Text size="sm" role="status">
          Loading the draft…
        </Text>
      )}
      {loadDraft.isError && (
        <Alert color="red" variant="light" role="alert">
          The draft could not be loaded: {loadDraft.error.message}
        </Alert>
      )}
    </Stack>
  );
}

/**
 * Back from a permission round trip that added nothing (cancelled, another account, failed; issue
 * 9): its outcome, read once from the address, which then drops it (as the templates gallery does).
 */
function useGrantOutcome() {
  const [searchParams, setSearchParams] = useSearchParams();
  const outcome = readGrantOutcome(searchParams.get(GRANT_OUTCOME_PARAM));
  const [shown] = useState(outcome);
  useEffect(() => {
    if (outcome === null) return;
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(GRANT_OUTCOME_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [outcome, setSearchParams]);
  return shown;
}
