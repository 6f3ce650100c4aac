import { Center, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Template } from '@mergedesk/domain/api/templates';
import { TEMPLATE_NOT_FOUND_MESSAGE } from '@mergedesk/domain/templates/messages';

export type TemplatePreviewModalProps = {
  opened: boolean;
  onClose: () => void;
  /** undefined while the gallery loads, null for an unknown id */
  template: Template | null | undefined;
  importButton: ReactNode;
  /** The result of an import made from the dialog (the page's alert strip is behind it). */
  alert: ReactNode;
};

/**
 * The preview dialog at {base}/templates/{id} (spec 002 §2.6). The template's HTML comes from the
 * server but is rendered in a sandboxed frame with no permissions at all (sandbox=""): no scripts,
 * no forms, no same-origin access — never injected into the page's own DOM.
 */
export function TemplatePreviewModal({
  opened,
  onClose,
  template,
  importButton,
  alert,
}: TemplatePreviewModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={template?.subject ?? 'Template preview'}
      size="xl"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {template === undefined ? (
        <Center py="xl">
          <Loader aria-label="Loading the template" />
        </Center>
      ) : template === null ? (
        <Text py="lg">{TEMPLATE_NOT_FOUND_MESSAGE}</Text>
      ) : (
        <Stack gap="md">
          {alert}
          <iframe
            title={`Preview of ${template.subject}`}
            srcDoc={template.preview}
            sandbox=""
            style={{
              width: '100%',
              height: '60vh',
              border: '1px solid var(--mantine-color-default-border)',
              borderRadius: 'var(--mantine-radius-md)',
              background: 'white',
            }}
          />
          <Group justify="flex-end">{importButton}</Group>
        </Stack>
      )}
    </Modal>
  );
}
