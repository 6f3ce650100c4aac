import { QueryBuilder } from 'drizzle-orm/pg-core';
import { campaigns, monthlySentMails } from '../../db/schema';

const qb = new QueryBuilder();

/*
 * The campaigns module's read-only views of what it owns, for other modules' reports (one
 * statement; only campaigns writes these tables, docs/decisions/364-table-owners.md).
 */

/** Merges: who sent them in which space, and when the last e-mail went. */
export const campaignView = qb
  .select({
    id: campaigns.id,
    workspaceId: campaigns.workspaceId,
    userId: campaigns.userId,
    isFormNotification: campaigns.isFormNotification,
    lastEmailSentAt: campaigns.lastEmailSentAt,
  })
  .from(campaigns)
  .as('campaign_view');

/** Each sender's e-mails sent per space and month (the me call's and the team report's counters). */
export const monthlySentMailsView = qb
  .select({
    workspaceId: monthlySentMails.workspaceId,
    userId: monthlySentMails.userId,
    year: monthlySentMails.year,
    month: monthlySentMails.month,
    count: monthlySentMails.count,
  })
  .from(monthlySentMails)
  .as('monthly_sent_mails_view');
