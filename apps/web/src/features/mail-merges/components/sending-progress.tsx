import { Box, Progress, Stack, Text } from '@mantine/core';
import type { MergeStatus } from '@mergedesk/domain/api/sending';
import { formatNumber } from '@mergedesk/domain/format/numbers';

type MergeCounts = MergeStatus['counts'];

/** '27 sent, 3 skipped, 0 failed of 30': the progress as one sentence (bar and screen readers). */
const sendingSummary = (counts: MergeCounts): string =>
  `${formatNumber(counts.sent)} sent, ${formatNumber(counts.skipped)} skipped, ${formatNumber(counts.failed)} failed of ${formatNumber(counts.total)}`;

/**
 * The progress of a merge the engine sends (issue 24; the merge dialog's panel and issue 25's
 * progress page): one bar (sent, skipped, failed of the total) for the eye; one progressbar, named
 * `label`, for assistive technology.
 */
export function SendingProgress({
  counts,
  label = 'Sending progress',
}: {
  counts: MergeCounts;
  label?: string;
}) {
  const done = counts.sent + counts.skipped + counts.failed;
  const share = (part: number) => (counts.total > 0 ? (part / counts.total) * 100 : 0);
  const summary = sendingSummary(counts);
  return (
    <Stack gap={4}>
      <Box
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={counts.total}
        aria-valuenow={done}
        aria-valuetext={summary}
      >
        <Progress.Root size="lg" aria-hidden>
          <Progress.Section value={share(counts.sent)} color="teal" aria-hidden role="presentation" />
          <Progress.Section value={share(counts.skipped)} color="gray" aria-hidden role="presentation" />
          <Progress.Section value={share(counts.failed)} color="red" aria-hidden role="presentation" />
        </Progress.Root>
      </Box>
      <Text size="sm" c="dimmed">
        {summary}
      </Text>
    </Stack>
  );
}
