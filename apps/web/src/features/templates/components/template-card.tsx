import { Button, Card, Group, Image, Skeleton, Text } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { Link } from 'react-router';
import type { Template } from '@mergedesk/domain/api/templates';

const THUMBNAIL_HEIGHT = 180;

/**
 * One template of the gallery (spec 002 §2.6): its thumbnail (alt text: the subject), the subject,
 * a Preview link to {base}/templates/{id} and the import action.
 */
export type TemplateCardProps = {
  template: Template;
  /** {base}/templates/{id} */
  previewPath: string;
  importButton: ReactNode;
};

export function TemplateCard({ template, previewPath, importButton }: TemplateCardProps) {
  const subjectId = useId();
  return (
    <Card component="article" withBorder radius="md" padding="md" h="100%" aria-labelledby={subjectId}>
      <Card.Section>
        <Image
          src={template.thumbnail}
          alt={template.subject}
          h={THUMBNAIL_HEIGHT}
          fit="cover"
          style={{ objectPosition: 'top' }}
        />
      </Card.Section>
      <Text id={subjectId} fw={600} mt="md" mb="md" lineClamp={2} style={{ flex: 1 }}>
        {template.subject}
      </Text>
      <Group gap="sm" justify="space-between">
        <Button
          component={Link}
          to={previewPath}
          variant="default"
          leftSection={<IconEye size={16} aria-hidden />}
        >
          Preview
        </Button>
        {importButton}
      </Group>
    </Card>
  );
}

/** A card's outline while the gallery loads. */
export function TemplateCardPlaceholder() {
  return (
    <Card withBorder radius="md" padding="md" h="100%" aria-hidden>
      <Card.Section>
        <Skeleton height={THUMBNAIL_HEIGHT} radius={0} />
      </Card.Section>
      <Skeleton height={16} mt="md" width="80%" />
      <Skeleton height={16} mt="xs" mb="md" width="50%" />
      <Group gap="sm" justify="space-between">
        <Skeleton height={36} width={100} />
        <Skeleton height={36} width={100} />
      </Group>
    </Card>
  );
}
