import type { RecipientFilter } from '@mergedesk/domain/campaigns/recipient-status';
import { exportFileName } from '@mergedesk/domain/exports/file-names';
import { callEndpoint } from '../../../lib/api-client';
import { downloadCsv } from '../../../lib/csv-export';
import { recipientFilterBy } from './get-campaign-recipients';

/**
 * GET /api/v1/users/me/campaigns/{id}/recipients/export (issue 9): the server writes the CSV
 * (streamed, every matching recipient); the browser saves it as Exported_Recipients_{date}.csv.
 */
export async function exportCampaignRecipients(campaignId: string, status: RecipientFilter): Promise<string> {
  const csv = await callEndpoint('campaigns.recipientsExport', {
    params: { id: campaignId },
    query: { filterBy: recipientFilterBy(status) },
  });
  downloadCsv(exportFileName('RECIPIENTS', Date.now()), csv);
  return csv;
}
