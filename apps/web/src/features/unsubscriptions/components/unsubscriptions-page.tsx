import { Group, Stack, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { Unsubscription } from '@mergedesk/domain/api/unsubscriptions';
import type { UserWorkspace } from '@mergedesk/domain/api/users';
import { exportFileName } from '@mergedesk/domain/exports/file-names';
import {
  NO_RESULTS_EMPTY_STATE,
  NO_UNSUBSCRIPTIONS_EMPTY_STATE,
} from '@mergedesk/domain/format/empty-states';
import {
  suppressionErrorResult,
  suppressionExplanation,
  unsubscriptionAddResult,
} from '@mergedesk/domain/suppressions/messages';
import { canDeleteSuppression } from '@mergedesk/domain/suppressions/permissions';
import { BOUNCE_TAG_PLACEHOLDER } from '@mergedesk/domain/suppressions/tags';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal';
import { CsvExportButton } from '../../../components/csv-export-button';
import { EmailTagsForm } from '../../../components/email-tags-form';
import { ExplanationText } from '../../../components/explanation-text';
import type { ResultAlertValue } from '../../../components/result-alert';
import { ResultAlert } from '../../../components/result-alert';
import { SuppressionTable, suppressionCsvRows } from '../../../components/suppression-table';
import { exportCsv } from '../../../lib/csv-export';
import { usePageTitle } from '../../../lib/page-title';
import { useSpaceOwner } from '../../../lib/space-owner';
import { useSuppressionListState } from '../../../lib/suppression-list-query';
import { useAddUnsubscriptions } from '../api/add-unsubscriptions';
import { useDeleteUnsubscription } from '../api/delete-unsubscription';
import { getAllUnsubscriptions, useUnsubscriptions } from '../api/get-unsubscriptions';
import {
  DELETE_UNSUBSCRIPTION_TITLE,
  deleteUnsubscriptionMessage,
  unsubscriptionDeletedResult,
  WORKSPACE_UNSUBSCRIPTION_DELETE_BLOCKED,
} from './unsubscription-texts';

export type UnsubscriptionsPageProps = { space: UserWorkspace };

/**
 * {base}/unsubscriptions (spec 002 §2.3, §4.3, §5, §6): the explanatory text, the tag input with
 * its Unsubscribe button, the alert strip, then the searchable, sortable, paged table with a CSV
 * export and a confirmed delete per row.
 */
export function UnsubscriptionsPage({ space }: UnsubscriptionsPageProps) {
  usePageTitle('Unsubscriptions');
  const { workspaceId } = space;
  const prefix = space.urlPrefix.replace(/\/$/, '');
  const features = space.workspaceUserFeature.otherFeatures;
  // Spec 002 §2.3: the text varies with shared unsubscribes (the PREMIUM feature) and ownership.
  const sharedEnabled = features.shareUnsubscribesAcrossWorkspace;
  const isOwner = space.userRole === 'OWNER';
  const owner = useSpaceOwner(workspaceId, { enabled: !isOwner && !sharedEnabled });

  const list = useSuppressionListState();
  const unsubscriptions = useUnsubscriptions(workspaceId, list.query);
  const addUnsubscriptions = useAddUnsubscriptions(workspaceId);
  const deleteUnsubscription = useDeleteUnsubscription(workspaceId);
  const [alert, setAlert] = useState<ResultAlertValue | null>(null);
  // Rows of the current page only, not the previous page's kept on screen while it loads.
  const rowCount = unsubscriptions.isPlaceholderData ? undefined : unsubscriptions.data?.items.length;
  const stepBackFromEmptyPage = list.stepBackFromEmptyPage;
  useEffect(() => stepBackFromEmptyPage(rowCount), [rowCount, stepBackFromEmptyPage]);
  const [toDelete, setToDelete] = useState<Unsubscription | null>(null);

  const add = async (emails: string[]): Promise<boolean> => {
    setAlert(null);
    try {
      const { updated } = await addUnsubscriptions.mutateAsync(emails);
      setAlert(unsubscriptionAddResult(updated));
      return true;
    } catch {
      setAlert(suppressionErrorResult());
      return false;
    }
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    setAlert(null);
    try {
      await deleteUnsubscription.mutateAsync(toDelete.emailAddress);
      setAlert(unsubscriptionDeletedResult());
    } catch {
      setAlert(suppressionErrorResult());
    }
    setToDelete(null);
  };

  const exportList = async () => {
    try {
      const all = await getAllUnsubscriptions(workspaceId, list.query.sortBy);
      exportCsv(exportFileName('UNSUBSCRIPTIONS', Date.now()), ...suppressionCsvRows(all.items, true));
    } catch {
      setAlert(suppressionErrorResult());
    }
  };

  const deleteBlock = (item: Unsubscription) =>
    canDeleteSuppression({
      role: space.userRole,
      userPlan: space.userPlan,
      features,
      list: 'unsubscriptions',
      type: item.type,
    })
      ? null
      : WORKSPACE_UNSUBSCRIPTION_DELETE_BLOCKED;

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={1}>Unsubscriptions</Title>
        <ExplanationText
          prefix={prefix}
          segments={suppressionExplanation({
            list: 'unsubscriptions',
            sharedEnabled,
            isOwner,
            ownerEmail: owner.data?.memberEmail,
          })}
        />
      </Stack>

      <EmailTagsForm
        label="Email addresses to unsubscribe"
        placeholder={BOUNCE_TAG_PLACEHOLDER}
        submitLabel="Unsubscribe"
        isDeleting={deleteUnsubscription.isPending}
        loading={addUnsubscriptions.isPending}
        onSubmit={add}
      />

      <ResultAlert alert={alert} onDismiss={() => setAlert(null)} />

      <Group justify="space-between" gap="sm">
        <TextInput
          aria-label="Search email addresses"
          placeholder="Search"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={list.searchInput}
          onChange={(event) => list.setSearchInput(event.currentTarget.value)}
          style={{ flex: '1 1 16rem', maxWidth: '24rem' }}
          type="search"
        />
        <CsvExportButton onExport={exportList} disabled={unsubscriptions.data?.total === 0} />
      </Group>

      <SuppressionTable
        label="Unsubscriptions"
        items={unsubscriptions.data?.items}
        total={unsubscriptions.data?.total ?? 0}
        status={unsubscriptions.status}
        isFetching={unsubscriptions.isFetching}
        onRetry={() => void unsubscriptions.refetch()}
        state={list.state}
        onSortChange={list.setSort}
        onPageChange={list.setPage}
        showType
        deleteBlock={deleteBlock}
        onDelete={setToDelete}
        empty={list.state.search ? NO_RESULTS_EMPTY_STATE : NO_UNSUBSCRIPTIONS_EMPTY_STATE}
      />

      <ConfirmDeleteModal
        opened={toDelete !== null}
        title={DELETE_UNSUBSCRIPTION_TITLE}
        message={toDelete ? deleteUnsubscriptionMessage(toDelete.emailAddress) : ''}
        loading={deleteUnsubscription.isPending}
        onConfirm={() => void confirmDelete()}
        onClose={() => setToDelete(null)}
      />
    </Stack>
  );
}
