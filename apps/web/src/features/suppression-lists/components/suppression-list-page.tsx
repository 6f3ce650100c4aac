import { Alert, Group, Stack, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { LIST_SEARCH_MAX_LENGTH } from '@mergedesk/domain/api/list-filters';
import { useEffect, useState } from 'react';
import type { SuppressionItem } from '@mergedesk/domain/api/suppression-list';
import type { UserWorkspace } from '@mergedesk/domain/api/users';
import { exportFileName } from '@mergedesk/domain/exports/file-names';
import { NO_RESULTS_EMPTY_STATE } from '@mergedesk/domain/format/empty-states';
import { suppressionErrorResult, suppressionExplanation } from '@mergedesk/domain/suppressions/messages';
import { BOUNCE_LIST_NEEDS_PRO_MESSAGE, canManageBounceList } from '@mergedesk/domain/plans/plan-features';
import { suppressionDeleteBlock, type SuppressionList } from '@mergedesk/domain/suppressions/permissions';
import { BOUNCE_TAG_PLACEHOLDER } from '@mergedesk/domain/suppressions/tags';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal';
import { CsvExportButton } from '../../../components/csv-export-button';
import { EmailTagsForm } from '../../../components/email-tags-form';
import { ExplanationText } from '../../../components/explanation-text';
import type { ResultAlertValue } from '../../../components/result-alert';
import { ResultAlert } from '../../../components/result-alert';
import { downloadCsv } from '../../../lib/csv-export';
import { usePageTitle } from '../../../lib/page-title';
import { useSpaceOwner } from '../../../lib/space-owner';
import {
  exportSuppressions,
  useAddSuppressions,
  useDeleteSuppression,
  useSuppressions,
} from '../api/suppression-list-api';
import { useSuppressionListState } from '../lib/suppression-list-query';
import { SUPPRESSION_LISTS } from '../suppression-lists';
import { SuppressionTable } from './suppression-table';

export type SuppressionListPageProps = { list: SuppressionList; space: UserWorkspace };

/**
 * {base}/unsubscriptions and {base}/bounces (spec 002 §2.3, §2.4, §4.3, §4.4, §5, §6), one page
 * driven by the list's config (../suppression-lists.ts): the heading and the explanatory text, the tag input with its add
 * button, the alert strip, then the searchable, sortable, paged table with a CSV export (desktop
 * only) and a confirmed delete per row. The shell hides the route when the page is restricted.
 */
export function SuppressionListPage({ list: listName, space }: SuppressionListPageProps) {
  const config = SUPPRESSION_LISTS[listName];
  usePageTitle(config.title);
  const { workspaceId } = space;
  const prefix = space.urlPrefix.replace(/\/$/, '');
  const features = space.workspaceUserFeature.otherFeatures;
  // Spec 002 §2.3, §2.4: sharing is a Premium space feature; the text varies with it and ownership.
  const sharedEnabled = config.isShared(features);
  const isOwner = space.userRole === 'OWNER';
  // Issue 10: managing the bounce list is a Pro feature; the server refuses it on a Free space.
  const canManage = config.list !== 'bounces' || canManageBounceList(space);
  const owner = useSpaceOwner(workspaceId, { enabled: !isOwner && !sharedEnabled });

  const list = useSuppressionListState();
  const entries = useSuppressions(config, workspaceId, list.query);
  const addEntries = useAddSuppressions(config, workspaceId);
  const deleteEntry = useDeleteSuppression(config, workspaceId);
  const [alert, setAlert] = useState<ResultAlertValue | null>(null);
  // Rows of the current page only, not the previous page's kept on screen while it loads.
  const rowCount = entries.isPlaceholderData ? undefined : entries.data?.items.length;
  const stepBackFromEmptyPage = list.stepBackFromEmptyPage;
  useEffect(() => stepBackFromEmptyPage(rowCount), [rowCount, stepBackFromEmptyPage]);
  const [toDelete, setToDelete] = useState<SuppressionItem | null>(null);

  const add = async (emails: string[]): Promise<boolean> => {
    setAlert(null);
    try {
      const { updated } = await addEntries.mutateAsync(emails);
      setAlert(config.addResult(updated));
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
      await deleteEntry.mutateAsync(toDelete.emailAddress);
      setAlert(config.deletedResult());
    } catch {
      setAlert(suppressionErrorResult());
    }
    setToDelete(null);
  };

  const exportList = async () => {
    try {
      const csv = await exportSuppressions(config, workspaceId, list.query.sortBy);
      downloadCsv(exportFileName(config.exportKind, Date.now()), csv);
    } catch {
      setAlert(suppressionErrorResult());
    }
  };

  // The domain's rule (opt-outs belong to their sender; spec 002 §6 for shared entries), with its reason.
  const deleteBlock = (item: SuppressionItem) =>
    (canManage ? null : BOUNCE_LIST_NEEDS_PRO_MESSAGE) ??
    suppressionDeleteBlock({
      role: space.userRole,
      userPlan: space.userPlan,
      features,
      list: config.list,
      type: item.type,
      source: item.source,
      isOwn: item.isOwn,
    })?.message ??
    null;

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={1}>{config.title}</Title>
        <ExplanationText
          prefix={prefix}
          segments={suppressionExplanation({
            list: config.list,
            sharedEnabled,
            isOwner,
            ownerEmail: owner.data?.memberEmail,
          })}
        />
      </Stack>

      {canManage ? (
        <EmailTagsForm
          label={config.addForm.label}
          placeholder={BOUNCE_TAG_PLACEHOLDER}
          submitLabel={config.addForm.submitLabel}
          isDeleting={deleteEntry.isPending}
          loading={addEntries.isPending}
          onSubmit={add}
        />
      ) : (
        <Alert color="blue" variant="light">
          {BOUNCE_LIST_NEEDS_PRO_MESSAGE}
        </Alert>
      )}

      <ResultAlert alert={alert} onDismiss={() => setAlert(null)} />

      <Group justify="space-between" gap="sm">
        <TextInput
          aria-label="Search email addresses"
          placeholder="Search"
          maxLength={LIST_SEARCH_MAX_LENGTH}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={list.searchInput}
          onChange={(event) => list.setSearchInput(event.currentTarget.value)}
          style={{ flex: '1 1 16rem', maxWidth: '24rem' }}
          type="search"
        />
        <CsvExportButton onExport={exportList} disabled={entries.data?.total === 0} />
      </Group>

      <SuppressionTable
        label={config.title}
        items={entries.data?.items}
        total={entries.data?.total ?? 0}
        status={entries.status}
        isFetching={entries.isFetching}
        onRetry={() => void entries.refetch()}
        state={list.state}
        onSortChange={list.setSort}
        onPageChange={list.setPage}
        showType={config.showType}
        deleteBlock={deleteBlock}
        onDelete={setToDelete}
        empty={list.state.search ? NO_RESULTS_EMPTY_STATE : config.empty}
      />

      <ConfirmDeleteModal
        opened={toDelete !== null}
        title={config.deleteDialog.title}
        message={toDelete ? config.deleteDialog.message(toDelete.emailAddress) : ''}
        loading={deleteEntry.isPending}
        onConfirm={() => void confirmDelete()}
        onClose={() => setToDelete(null)}
      />
    </Stack>
  );
}
