import { SUPPRESSION_LIST_SHOWS_TYPE } from '@mergedesk/domain/api/suppression-display';
import type { OtherFeatures } from '@mergedesk/domain/api/users';
import type { ExportKind } from '@mergedesk/domain/exports/file-names';
import type { EmptyState } from '@mergedesk/domain/format/empty-states';
import {
  NO_BOUNCES_EMPTY_STATE,
  NO_UNSUBSCRIPTIONS_EMPTY_STATE,
} from '@mergedesk/domain/format/empty-states';
import type { SuppressionAlert } from '@mergedesk/domain/suppressions/messages';
import {
  bounceAddResult,
  bounceDeleteResult,
  unsubscriptionAddResult,
} from '@mergedesk/domain/suppressions/messages';
import type { SuppressionList } from '@mergedesk/domain/suppressions/permissions';

/**
 * What differs between the unsubscription list and the bounce list (spec 002 §2.3, §2.4, §4.3,
 * §4.4, §7), as the server's suppression-lists module has it: the endpoints, which Premium sharing
 * feature applies, the columns and the texts. Every rule and the texts the spec gives come from
 * packages/domain; the texts marked "ours" are not in the spec
 * (docs/decisions/098-texts-the-spec-does-not-give.md).
 */
export type SuppressionListConfig = {
  list: SuppressionList;
  /** The page title, its heading and the table's accessible name. */
  title: string;
  /** The list's endpoints of the endpoint table; `export` answers the CSV. */
  endpoints: {
    list: 'unsubscriptions.list' | 'bounces.list';
    export: 'unsubscriptions.export' | 'bounces.export';
    add: 'unsubscriptions.add' | 'bounces.add';
    delete: 'unsubscriptions.delete' | 'bounces.delete';
  };
  /** The Premium feature that shares the list across the space (spec 002 §2.3, §2.4). */
  isShared: (features: OtherFeatures) => boolean;
  /** Shows the Type column (shared across the space or personal) in the table and the export. */
  showType: boolean;
  addForm: { label: string; submitLabel: string };
  addResult: (addedCount: number) => SuppressionAlert;
  deletedResult: () => SuppressionAlert;
  deleteDialog: { title: string; message: (email: string) => string };
  empty: EmptyState;
  exportKind: ExportKind;
};

const UNSUBSCRIPTION_LIST: SuppressionListConfig = {
  list: 'unsubscriptions',
  title: 'Unsubscriptions',
  endpoints: {
    list: 'unsubscriptions.list',
    export: 'unsubscriptions.export',
    add: 'unsubscriptions.add',
    delete: 'unsubscriptions.delete',
  },
  isShared: (features) => features.shareUnsubscribesAcrossWorkspace,
  showType: SUPPRESSION_LIST_SHOWS_TYPE.unsubscriptions,
  addForm: { label: 'Email addresses to unsubscribe', submitLabel: 'Unsubscribe' },
  addResult: unsubscriptionAddResult,
  // Ours: mirrors the bounce list's '1 bounced email address successfully deleted.' (spec 002 §8).
  deletedResult: () => ({
    severity: 'success',
    message: '1 unsubscribed email address successfully deleted.',
  }),
  deleteDialog: {
    title: 'Delete unsubscription',
    message: (email) =>
      `Do you want to delete ${email} from the unsubscriptions? This address will receive your mail merges again.`,
  },
  empty: NO_UNSUBSCRIPTIONS_EMPTY_STATE,
  exportKind: 'UNSUBSCRIPTIONS',
};

const BOUNCE_LIST: SuppressionListConfig = {
  list: 'bounces',
  title: 'Bounces',
  endpoints: {
    list: 'bounces.list',
    export: 'bounces.export',
    add: 'bounces.add',
    delete: 'bounces.delete',
  },
  isShared: (features) => features.shareBouncesAccrossWorkspace,
  showType: SUPPRESSION_LIST_SHOWS_TYPE.bounces,
  addForm: { label: 'Email addresses to add to the bounce list', submitLabel: 'Add to bounce list' },
  addResult: bounceAddResult,
  deletedResult: () => bounceDeleteResult(1),
  deleteDialog: {
    title: 'Delete bounce',
    message: (email) =>
      `Do you want to delete ${email} from the bounce list? Your mail merges will send to this address again.`,
  },
  empty: NO_BOUNCES_EMPTY_STATE,
  exportKind: 'BOUNCES',
};

/** The lists by name: the routes render the one page with the list's name. */
export const SUPPRESSION_LISTS: Record<SuppressionList, SuppressionListConfig> = {
  unsubscriptions: UNSUBSCRIPTION_LIST,
  bounces: BOUNCE_LIST,
};
