import {
  Alert,
  Badge,
  Button,
  Group,
  List,
  Paper,
  Select,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconFileUpload } from '@tabler/icons-react';
import { useId, useRef, useState, type DragEvent } from 'react';
import type { RecipientSummary } from '@mergedesk/domain/composer/recipient-summary';
import { PASTED_ROWS_NAME } from '@mergedesk/domain/composer/recipient-source';
import { sheetRowOf, skipReasonLabel } from '@mergedesk/domain/sending/recipients';
import { parseRecipientFile, parseRecipients, type RecipientSource } from '../lib/parse-recipients';

export type RecipientsSectionProps = {
  source: RecipientSource | null;
  emailColumn: string | null;
  summary: RecipientSummary | null;
  /** The space's lists could not be asked: unsubscribed and bounced are not counted yet. */
  checkState: 'pending' | 'error' | 'done';
  onRetryCheck: () => void;
  onSource: (source: RecipientSource) => void;
  onEmailColumn: (column: string) => void;
  onClear: () => void;
};

/** How many skipped rows each reason lists on screen (the count is always the whole). */
const LISTED_PER_REASON = 50;

/**
 * Recipients (issue 25 item 2): a CSV chosen, dropped or pasted; the e-mail column (detected,
 * changeable); the summary of who is sent to and who is skipped, and why.
 */
export function RecipientsSection(props: RecipientsSectionProps) {
  const { source } = props;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="composer-recipients">
      <Stack gap="sm">
        <Title order={2} size="h3" id="composer-recipients">
          1. Recipients
        </Title>
        {source === null ? (
          <RecipientsInput onSource={props.onSource} />
        ) : (
          <RecipientsDetails {...props} source={source} />
        )}
      </Stack>
    </Paper>
  );
}

function RecipientsInput({ onSource }: { onSource: (source: RecipientSource) => void }) {
  const fileInput = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [pasted, setPasted] = useState('');
  const [dragging, setDragging] = useState(false);
  const hintId = useId();

  const apply = (result: Awaited<ReturnType<typeof parseRecipientFile>>) => {
    if (result.ok) {
      setError(null);
      onSource(result.source);
    } else setError(result.message);
  };
  const readFile = async (file: File | undefined) => {
    if (file) apply(await parseRecipientFile(file));
  };
  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    void readFile(event.dataTransfer.files[0]);
  };

  return (
    <Stack gap="sm">
      <Paper
        withBorder
        p="lg"
        bg={dragging ? 'var(--mantine-color-blue-light)' : undefined}
        style={{ borderStyle: 'dashed', textAlign: 'center' }}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
        data-testid="recipients-drop-zone"
      >
        <Stack gap="xs" align="center">
          <Text id={hintId}>
            Drop a CSV file here, or choose one. The first row names the columns; each row after it is one
            recipient.
          </Text>
          <Button
            leftSection={<IconFileUpload size={16} aria-hidden />}
            onClick={() => fileInput.current?.click()}
          >
            Choose a CSV file
          </Button>
          <input
            ref={fileInput}
            type="file"
            accept=".csv,.tsv,.txt,text/csv,text/plain"
            aria-label="CSV file"
            aria-describedby={hintId}
            hidden
            onChange={(event) => {
              void readFile(event.currentTarget.files?.[0]);
              event.currentTarget.value = '';
            }}
          />
        </Stack>
      </Paper>
      <Textarea
        label="Or paste rows"
        description="From a spreadsheet or a CSV file, the column names first."
        rows={4}
        resize="vertical"
        value={pasted}
        onChange={(event) => setPasted(event.currentTarget.value)}
      />
      <Group>
        <Button
          variant="light"
          disabled={pasted.trim() === ''}
          onClick={() => apply(parseRecipients(pasted, PASTED_ROWS_NAME))}
        >
          Use these rows
        </Button>
      </Group>
      {error !== null && (
        <Alert color="red" variant="light" role="alert" title="The recipients could not be used">
          {error}
        </Alert>
      )}
    </Stack>
  );
}

function RecipientsDetails({
  source,
  emailColumn,
  summary,
  checkState,
  onRetryCheck,
  onEmailColumn,
  onClear,
}: RecipientsSectionProps & { source: RecipientSource }) {
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <Text>
          <Text span fw={600}>
            {source.name}
          </Text>
          : {source.rows.length.toLocaleString('en-US')} rows, {source.columns.length} columns
        </Text>
        <Button variant="subtle" size="xs" onClick={onClear}>
          Use another file
        </Button>
      </Group>
      <Select
        label="E-mail column"
        description="The column that holds each recipient's address."
        placeholder="Pick the column"
        data={source.columns}
        value={emailColumn}
        onChange={(value) => value !== null && onEmailColumn(value)}
        allowDeselect={false}
        error={
          emailColumn === null ? 'No column looks like addresses: pick the one that holds them.' : undefined
        }
        maw={360}
      />
      {summary !== null && (
        <SkipSummary summary={summary} checkState={checkState} onRetryCheck={onRetryCheck} />
      )}
    </Stack>
  );
}

function SkipSummary({
  summary,
  checkState,
  onRetryCheck,
}: {
  summary: RecipientSummary;
  checkState: RecipientsSectionProps['checkState'];
  onRetryCheck: () => void;
}) {
  return (
    <Stack gap="xs" aria-label="Recipients summary" role="region">
      <Text fw={600}>
        {summary.total.toLocaleString('en-US')} recipients: {summary.toSend.toLocaleString('en-US')} to send,{' '}
        {summary.skippedCount.toLocaleString('en-US')} skipped
      </Text>
      {checkState === 'pending' && (
        <Text size="sm" c="dimmed" role="status">
          Checking the space's unsubscriptions and bounces…
        </Text>
      )}
      {checkState === 'error' && (
        <Alert color="yellow" variant="light" role="alert">
          <Group gap="xs">
            <Text size="sm">
              The unsubscriptions and bounces could not be checked; they are skipped when sending.
            </Text>
            <Button size="xs" variant="light" onClick={onRetryCheck}>
              Check again
            </Button>
          </Group>
        </Alert>
      )}
      {summary.skipped
        .filter((group) => group.recipients.length > 0)
        .map(({ reason, recipients }) => (
          <Stack
            key={reason}
            gap={4}
            role="group"
            aria-label={`${skipReasonLabel(reason)}: ${recipients.length}`}
          >
            <Group gap="xs">
              <Badge color="gray" variant="light">
                {recipients.length}
              </Badge>
              <Text size="sm" fw={500}>
                {skipReasonLabel(reason)}: skipped
              </Text>
            </Group>
            <List size="sm" spacing={2} style={{ overflowWrap: 'anywhere' }}>
              {recipients.slice(0, LISTED_PER_REASON).map(({ index, email }) => (
                <List.Item key={index}>
                  Row {sheetRowOf(index)}: {email === '' ? '(empty)' : email} — {skipReasonLabel(reason)}
                </List.Item>
              ))}
              {recipients.length > LISTED_PER_REASON && (
                <List.Item>
                  and {(recipients.length - LISTED_PER_REASON).toLocaleString('en-US')} more
                </List.Item>
              )}
            </List>
          </Stack>
        ))}
    </Stack>
  );
}
