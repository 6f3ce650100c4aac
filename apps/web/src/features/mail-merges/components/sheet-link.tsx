import { ActionIcon } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { sheetKeyUrl } from '@mergedesk/domain/campaigns/sheet-key';

/**
 * Opens the merge's spreadsheet on its sheet in Google Sheets (spec 002 §1 "Rows linked to a
 * spreadsheet open it there"). Clicks and keys stay on the link: they must not open the row's dialog.
 */
export function SheetLink({ sheetKey, title }: { sheetKey: string; title: string }) {
  const url = sheetKeyUrl(sheetKey);
  if (url === null) return null;
  return (
    <ActionIcon
      component="a"
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      variant="subtle"
      aria-label={`Open ${title} in Google Sheets`}
      onClick={(event) => event.stopPropagation()}
      onKeyDown={(event) => event.stopPropagation()}
    >
      <IconExternalLink size={18} aria-hidden />
    </ActionIcon>
  );
}
