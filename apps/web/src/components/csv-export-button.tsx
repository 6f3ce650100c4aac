import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';

/**
 * The CSV export button of a table. Spec 002 §2.3, §2.4: hidden on mobile (below the tablet
 * width, Mantine's md breakpoint in our theme). `onExport` fetches and downloads; while it runs
 * the button shows its loading state.
 */
export function CsvExportButton({
  onExport,
  disabled,
}: {
  onExport: () => Promise<void>;
  disabled?: boolean;
}) {
  const [exporting, setExporting] = useState(false);
  const run = async () => {
    setExporting(true);
    try {
      await onExport();
    } finally {
      setExporting(false);
    }
  };
  return (
    <Button
      variant="default"
      leftSection={<IconDownload size={16} aria-hidden />}
      onClick={() => void run()}
      loading={exporting}
      disabled={disabled}
      visibleFrom="md"
    >
      Export CSV
    </Button>
  );
}
