import { Group, Stack, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { Bounce } from '@mergedesk/domain/api/bounces';
import type { UserWorkspace } from '@mergedesk/domain/api/users';
import { exportFileName } from '@mergedesk/domain/exports/file-names';
import { NO_BOUNCES_EMPTY_STATE, NO_RESULTS_EMPTY_STATE } from '@mergedesk/domain/format/empty-states';
import {
  bounceAddResult,
  bounceDeleteResult,
  suppressionErrorResult,
  suppressionExplanation,
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
import { useAddBounces } from '../api/add-bounces';
import { useDeleteBounce } from '../api/delete-bounce';
import { getAllBounces, useBounces } from '../api/get-bounces';
import { DELETE_BOUNCE_TITLE, deleteBounceMessage, WORKSPACE_BOUNCE_DELETE_BLOCKED } from './bounce-texts';

export type BouncesPageProps = { space: UserWorkspace };

/**
 * {base}/bounces (spec 002 §2.4, §4.4, §5, §6): the intro text, the tag input with its 'Add to
 * bounce list' button, the alert strip, then the searchable, sortable, paged table (Email address,
 * Date, Delete) with a CSV export (desktop only) and a confirmed delete per row. The shell hides
 * the route when the page is restricted.
 */
export function BouncesPage({ space }: BouncesPageProps) {
  usePageTitle('Bounces');
  const { workspaceId } = space;
  const prefix = space.urlPrefix.replace(/\/$/, '');
  const features = space.workspaceUserFeature.otherFeatures;
  // Spec 002 §2.4: shared bounces are a Premium space feature; the text varies with it and ownership.
  const sharedEnabled = features.shareBouncesAccrossWorkspace;
  const isOwner = space.userRole === 'OWNER';
  const owner = useSpaceOwner(workspaceId, { enabled: !isOwner && !sharedEnabled });

  const list = useSuppressionListState();
  const bounces = useBounces(workspaceId, list.query);
  const addBounces = useAddBounces(workspaceId);
  const deleteBounce = useDeleteBounce(workspaceId);
  const [alert, setAlert] = useState<ResultAlertValue | null>(null);
  // Rows of the current page only, not the previous page's kept on screen while it loads.
  const rowCount = bounces.isPlaceholderData ? undefined : bounces.data?.items.length;
  const stepBackFromEmptyPage = list.stepBackFromEmptyPage;
  useEffect(() => stepBackFromEmptyPage(rowCount), [rowCount, stepBackFromEmptyPage]);
  const [toDelete, setToDelete] = useState<Bounce | null>(null);

  const add = async (emails: string[]): Promise<boolean> => {
    setAlert(null);
    try {
      const { updated } = await addBounces.mutateAsync(emails);
      setAlert(bounceAddResult(updated));
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
      await deleteBounce.mutateAsync(toDelete.emailAddress);
      setAlert(bounceDeleteResult(1));
    } catch {
      setAlert(suppressionErrorResult());
    }
    setToDelete(null);
  };

  const exportList = async () => {
    try {
      const all = await getAllBounces(workspaceId, list.query.sortBy);
      exportCsv(exportFileName('BOUNCES', Date.now()), ...suppressionCsvRows(all.items, false));
    } catch {
      setAlert(suppressionErrorResult());
    }
  };

  const deleteBlock = (item: Bounce) =>
    canDeleteSuppression({
      role: space.userRole,
      userPlan: space.userPlan,
      features,
      list: 'bounces',
      type: item.type,
    })
      ? null
      : WORKSPACE_BOUNCE_DELETE_BLOCKED;

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={1}>Bounces</Title>
        <ExplanationText
          prefix={prefix}
          segments={suppressionExplanation({
            list: 'bounces',
            sharedEnabled,
            isOwner,
            ownerEmail: owner.data?.memberEmail,
          })}
        />
      </Stack>

      <EmailTagsForm
        label="Email addresses to add to the bounce list"
        placeholder={BOUNCE_TAG_PLACEHOLDER}
        submitLabel="Add to bounce list"
        isDeleting={deleteBounce.isPending}
        loading={addBounces.isPending}
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
        <CsvExportButton onExport={exportList} disabled={bounces.data?.total === 0} />
      </Group>

      <SuppressionTable
        label="Bounces"
        items={bounces.data?.items}
        total={bounces.data?.total ?? 0}
        status={bounces.status}
        isFetching={bounces.isFetching}
        onRetry={() => void bounces.refetch()}
        state={list.state}
        onSortChange={list.setSort}
        onPageChange={list.setPage}
        deleteBlock={deleteBlock}
        onDelete={setToDelete}
        empty={list.state.search ? NO_RESULTS_EMPTY_STATE : NO_BOUNCES_EMPTY_STATE}
      />

      <ConfirmDeleteModal
        opened={toDelete !== null}
        title={DELETE_BOUNCE_TITLE}
        message={toDelete ? deleteBounceMessage(toDelete.emailAddress) : ''}
        loading={deleteBounce.isPending}
        onConfirm={() => void confirmDelete()}
        onClose={() => setToDelete(null)}
      />
    </Stack>
  );
}
