import { CANCEL_ERROR_ALERT } from '@mergedesk/domain/campaigns/scheduled-status';
import type { ExportKind } from '@mergedesk/domain/exports/file-names';
import { exportFileName } from '@mergedesk/domain/exports/file-names';
import { showAlert } from '../../../lib/alerts';
import { exportCsv } from '../../../lib/csv-export';
import type { CsvTable } from './campaign-exports';

/**
 * A tab's CSV export (spec 002 §9): loads the merges (up to the export limit) and downloads them
 * under the kind's dated file name; a failure shows the generic alert of spec 002 §8 (the domain
 * names it for the cancel error, its first use).
 */
export async function exportCampaigns(kind: ExportKind, load: () => Promise<CsvTable>): Promise<void> {
  try {
    const table = await load();
    exportCsv(exportFileName(kind, Date.now()), ...table);
  } catch {
    showAlert({ kind: 'error', tone: 'error', title: CANCEL_ERROR_ALERT });
  }
}
