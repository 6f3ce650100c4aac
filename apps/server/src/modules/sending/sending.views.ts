import { QueryBuilder } from 'drizzle-orm/pg-core';
import { mergeRecipients } from '../../db/schema';

const qb = new QueryBuilder();

/**
 * The sending module's read-only view of merge_recipients for the campaigns' Recipients tab
 * (issue 24 `delivery`): how the engine's send of each recipient went. Its id is the campaign
 * recipient's; merges the add-on sent itself have no row (docs/decisions/364-table-owners.md).
 */
export const recipientDeliveryView = qb
  .select({
    id: mergeRecipients.id,
    status: mergeRecipients.status,
    reason: mergeRecipients.reason,
    attempts: mergeRecipients.attempts,
  })
  .from(mergeRecipients)
  .as('recipient_delivery_view');
