import { Button } from '@mantine/core';
import { IconExternalLink, IconFileImport } from '@tabler/icons-react';
import { gmailDraftUrl } from '../lib/imported-drafts';

export type TemplateImportButtonProps = {
  /** The message id of the template's draft once imported: the button becomes Open. */
  messageId: string | null;
  importing: boolean;
  /** Another template is being imported. */
  disabled: boolean;
  onImport: () => void;
};

/** Import, or Open (the draft in Gmail, in a new tab) once imported — spec 002 §2.6, §4.5. */
export function TemplateImportButton({
  messageId,
  importing,
  disabled,
  onImport,
}: TemplateImportButtonProps) {
  if (messageId) {
    return (
      <Button
        component="a"
        href={gmailDraftUrl(messageId)}
        target="_blank"
        rel="noopener noreferrer"
        variant="light"
        leftSection={<IconExternalLink size={16} aria-hidden />}
      >
        Open
      </Button>
    );
  }
  return (
    <Button
      onClick={onImport}
      loading={importing}
      disabled={disabled && !importing}
      leftSection={<IconFileImport size={16} aria-hidden />}
    >
      Import
    </Button>
  );
}
