import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconMailFast } from '@tabler/icons-react';
import { PRODUCT_NAME } from '../../lib/product';

/** The product's mark: an icon and the product name. */
export function ProductMark() {
  return (
    <Group gap="xs" wrap="nowrap">
      <ThemeIcon size="lg" radius="md" aria-hidden="true">
        <IconMailFast size={22} />
      </ThemeIcon>
      <Text fw={700} size="lg">
        {PRODUCT_NAME}
      </Text>
    </Group>
  );
}
