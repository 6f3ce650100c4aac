import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { TextSegment } from '@mergedesk/domain/suppressions/messages';

/** Text made of the domain's segments; links are router links under `prefix` (the space's {base}). */
export function ExplanationText({ segments, prefix }: { segments: readonly TextSegment[]; prefix: string }) {
  return (
    <Text c="dimmed" size="sm" maw={720}>
      {segments.map((segment, index) =>
        segment.kind === 'link' ? (
          <Anchor key={index} component={Link} to={`${prefix}${segment.href}`} size="sm" fw={500}>
            {segment.text}
          </Anchor>
        ) : (
          <span key={index}>{segment.text}</span>
        ),
      )}
    </Text>
  );
}
