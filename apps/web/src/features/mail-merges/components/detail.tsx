import { Text } from '@mantine/core';

/** One labelled fact of a merge's sending ("Status: Sending"), in the panel and on the progress page. */
export function Detail({ label, value }: { label: string; value: string }) {
  return (
    <Text size="sm">
      <Text span fw={600}>
        {label}:
      </Text>{' '}
      {value}
    </Text>
  );
}
