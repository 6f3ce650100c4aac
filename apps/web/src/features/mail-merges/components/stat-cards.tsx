import { Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { formatNumber } from '@mergedesk/domain/format/numbers';

export type StatCardsProps = {
  /** null while loading or when the count could not be had */
  scheduledCount: number | null;
  isScheduledCountLoading: boolean;
  sentThisMonth: number;
  sentAllTime: number;
};

/**
 * Spec 002 §1: merges scheduled, emails sent this month and emails sent all time (the counters
 * exclude form-submission notifications: the server's counters already do), in German grouping;
 * all three count the caller's own merges in the space.
 */
export function StatCards({
  scheduledCount,
  isScheduledCountLoading,
  sentThisMonth,
  sentAllTime,
}: StatCardsProps) {
  // Issue 9: the counters are the caller's own in this space while the Sent list is the whole
  // team's, so each card says whose figure it is.
  const cards: Array<[label: string, value: number | null, loading: boolean]> = [
    ['Merges scheduled by you', scheduledCount, isScheduledCountLoading],
    ['Emails sent by you this month', sentThisMonth, false],
    ['Emails sent by you all time', sentAllTime, false],
  ];
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
      {cards.map(([label, value, loading]) => (
        <Paper key={label} withBorder p="md" role="group" aria-label={label}>
          <Text size="sm" c="dimmed">
            {label}
          </Text>
          {loading ? (
            <Skeleton height={28} width={60} mt={4} />
          ) : (
            <Text fz={28} fw={700} lh={1.3}>
              {value === null ? '—' : formatNumber(value)}
            </Text>
          )}
        </Paper>
      ))}
    </SimpleGrid>
  );
}
