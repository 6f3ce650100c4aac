import { Button, Group, Stack, Tabs, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { memo } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import type { UserWorkspace } from '@mergedesk/domain/api/users';
import { CANCEL_SUCCESS_ALERT, MERGE_NOT_AVAILABLE } from '@mergedesk/domain/campaigns/scheduled-status';
import { showAlert } from '../../../lib/alerts';
import { usePageTitle } from '../../../lib/page-title';
import { useScheduledCount } from '../api/get-scheduled-count';
import { canStartMerges } from '@mergedesk/domain/sending/merge-permissions';
import { sentThisMonth } from '@mergedesk/domain/users/counters';
import { GmailMeterAlert } from './gmail-meter-alert';
import { GET_STARTED_PATH } from './list-states';
import { ScheduledCampaignDialog } from './scheduled-campaign-dialog';
import { ScheduledCampaignsTab } from './scheduled-campaigns-tab';
import { SentCampaignDialog } from './sent-campaign-dialog';
import { SentCampaignsTab } from './sent-campaigns-tab';
import { StatCards } from './stat-cards';
import type { SentDialogTab } from './sent-campaign-dialog';

type MailMergesTab = 'scheduled' | 'sent';

export type MailMergesPageProps = {
  /** The space's URL prefix, /{workspaceId}/{workspaceSlug}. */
  prefix: string;
  space: Pick<UserWorkspace, 'workspaceId' | 'workspacePlan' | 'counters' | 'userRole' | 'status'>;
};

/**
 * The mail merges page (spec 002 §2.2): heading, Quick tutorial link, three stat cards and the tabs
 * Scheduled and Sent, bound to the URL ({base}/mail-merges/scheduled, …/sent). The detail dialogs
 * are routes too (…/sent/{id}, …/sent/{id}/poll, …/sent/{id}/recipients, …/scheduled/{id}); closing one keeps the query.
 */
// memo: the shell re-renders on its own queries' answers (issue 11); the page only on its props.
export const MailMergesPage = memo(function MailMergesPage({ prefix, space }: MailMergesPageProps) {
  usePageTitle('Mail merges');
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const { campaignId, scheduledId } = useParams();

  const base = `${prefix}/mail-merges`;
  const tab: MailMergesTab = pathname.startsWith(`${base}/scheduled`) ? 'scheduled' : 'sent';
  const sentDialogTab: SentDialogTab = pathname.endsWith('/poll')
    ? 'poll'
    : pathname.endsWith('/recipients')
      ? 'recipients'
      : 'mail';

  const go = (path: string) => void navigate(`${path}${search}`);

  const cancelled = () => {
    // Spec 002 §4.1: the list is refreshed (by the mutation), the dialog closes, the page scrolls
    // to the top and 'Mail merge cancelled.' appears. The alert is raised for the list's page:
    // seen on the dialog's route, closing it would clear it at once.
    showAlert({ kind: 'remove', tone: 'success', title: CANCEL_SUCCESS_ALERT, showOn: `${base}/scheduled` });
    go(`${base}/scheduled`);
    window.scrollTo({ top: 0 });
  };

  // Issue 9: the merge was gone when cancelled (404): the dialog closes on the refreshed list,
  // which says why.
  const gone = () => {
    showAlert({
      kind: 'error',
      tone: 'warning',
      title: MERGE_NOT_AVAILABLE.title,
      showOn: `${base}/scheduled`,
    });
    go(`${base}/scheduled`);
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center">
        <Title order={1}>Mail merges</Title>
        <Group gap="sm">
          {/* Spec 002 §2.2: desktop only; secondary style on the FREE plan, otherwise primary. */}
          <Button
            component={Link}
            to={GET_STARTED_PATH}
            variant={space.workspacePlan === 'FREE' ? 'default' : 'filled'}
            visibleFrom="md"
          >
            Quick tutorial
          </Button>
          {/* Issue 25: the dashboard's composer, for every member the server lets send. */}
          {canStartMerges(space) && (
            <Button
              component={Link}
              to={`${base}/new`}
              variant="filled"
              leftSection={<IconPlus size={16} aria-hidden />}
            >
              New mail merge
            </Button>
          )}
        </Group>
      </Group>

      <GmailMeterAlert space={space} />
      <SpaceStatCards space={space} />

      <Tabs value={tab} onChange={(value) => value && void navigate(`${base}/${value}`)} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="scheduled">Scheduled</Tabs.Tab>
          <Tabs.Tab value="sent">Sent</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="scheduled" pt="md">
          <ScheduledCampaignsTab
            workspaceId={space.workspaceId}
            onOpen={(id) => go(`${base}/scheduled/${id}`)}
          />
        </Tabs.Panel>
        <Tabs.Panel value="sent" pt="md">
          <SentCampaignsTab workspaceId={space.workspaceId} onOpen={(id) => go(`${base}/sent/${id}`)} />
        </Tabs.Panel>
      </Tabs>

      {tab === 'sent' && campaignId && (
        <SentCampaignDialog
          campaignId={campaignId}
          tab={sentDialogTab}
          onTabChange={(next) => go(`${base}/sent/${campaignId}${next === 'mail' ? '' : `/${next}`}`)}
          onClose={() => go(`${base}/sent`)}
        />
      )}
      {tab === 'scheduled' && scheduledId && (
        <ScheduledCampaignDialog
          workspaceId={space.workspaceId}
          scheduledId={scheduledId}
          onClose={() => go(`${base}/scheduled`)}
          onCancelled={cancelled}
          onGone={gone}
        />
      )}
    </Stack>
  );
});

/**
 * The stat cards with the scheduled count: its answer re-renders the cards only, not the page and
 * its table (issue 11: every query answer renders its readers synchronously).
 */
function SpaceStatCards({ space }: Pick<MailMergesPageProps, 'space'>) {
  const scheduledCount = useScheduledCount(space.workspaceId);
  return (
    <StatCards
      scheduledCount={scheduledCount.data?.campaignCount ?? null}
      isScheduledCountLoading={scheduledCount.isPending}
      sentThisMonth={sentThisMonth(space.counters, new Date())}
      sentAllTime={space.counters.totalNumberOfMailsSent.count}
    />
  );
}
