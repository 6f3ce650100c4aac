import { Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { useId } from 'react';
import type { TeamSummary } from '@mergedesk/domain/api/team-report';
import { formatNumber } from '@mergedesk/domain/format/numbers';
import { RetryAlert } from '../../../components/retry-alert';

/**
 * The card labels. Spec 002 §2.5 / §9: the 'sent this month' counter (emailSentThisMonth) is
 * labelled as the last 30 days. Issue 9: the sums are the team's (the rows below added up), where
 * the mail merges page counts the caller's own, so the labels say so.
 */
const SUMMARY_LABELS = {
  activeUserCount: 'Active users',
  emailSentAllTime: 'Emails sent by the team all time',
  emailSentThisMonth: 'Emails sent by the team in the last 30 days',
} as const satisfies Record<keyof TeamSummary, string>;

const CARD_ORDER = ['activeUserCount', 'emailSentAllTime', 'emailSentThisMonth'] as const;

export type TeamSummaryCardsProps = {
  /** undefined while loading: the cards show skeletons */
  summary: TeamSummary | undefined;
  failed: boolean;
  retrying: boolean;
  onRetry: () => void;
};

/** The team summary (spec 002 §2.5, §3 "Team summary"): three counters in German number format. */
export function TeamSummaryCards({ summary, failed, retrying, onRetry }: TeamSummaryCardsProps) {
  if (failed) {
    return <RetryAlert onRetry={onRetry} retrying={retrying} />;
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
      {CARD_ORDER.map((key) => (
        <SummaryCard key={key} label={SUMMARY_LABELS[key]} value={summary?.[key]} />
      ))}
    </SimpleGrid>
  );
}

function SummaryCard({ label, value }: { label: string; value: number | undefined }) {
  const labelId = useId();
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      role="group"
      aria-labelledby={labelId}
      aria-busy={value === undefined}
    >
      <Text id={labelId} size="sm" c="dimmed">
        {label}
      </Text>
      {value === undefined ? (
        <Skeleton height={28} width="40%" mt={6} />
      ) : (
        <Text fw={700} fz={28} lh={1.3}>
          {formatNumber(value)}
        </Text>
      )}
    </Paper>
  );
}
