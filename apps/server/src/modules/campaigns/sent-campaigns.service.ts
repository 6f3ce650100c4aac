/*
 * What the add-on's ingest API writes of a sent merge: the campaign, its recipients, links and
 * events, and the sender's monthly counter. Campaigns owns these tables
 * (docs/decisions/364-table-owners.md); the addon module validates and calls here.
 */
export {
  addMonthlySentMails,
  findOwnCampaign,
  findRecipientIdsByEmail,
  insertCampaign,
  insertCampaignLinks,
  insertQueuedRecipients,
  insertRecipientEvents,
  insertSentRecipients,
  lockAndFindLinkHostsSince,
  recordEngineSends,
} from './sent-campaigns.repo';
