import { Stack, Text, Title } from '@mantine/core';
import { usePageTitle } from '../../../lib/page-title';
import { MEMBERS_PAGE_TITLE } from './members-page';
import { UpgradeContacts } from './upgrade-info-modal';

/** Ours: why a free member of a paid space sees no member list (issue 21). */
export const FREE_MEMBER_USERS_TEXT =
  'The member list is for members with a seat. You use this space on the free plan.';

/**
 * /space/users for a free member of a PRO space (Fred; spec 002 §2.1 "blank for free-plan users",
 * spec 000 §2 "Upgrade info modal"). Our reading of "blank": no member list, but a titled page that
 * says why and whom to ask for a seat, with the upgrade info modal's text — never an empty page titled
 * only with the product name (issue 21).
 */
export function FreeMemberUsersPage({
  workspaceId,
  workspaceName,
}: {
  workspaceId: string;
  workspaceName: string;
}) {
  usePageTitle(MEMBERS_PAGE_TITLE);
  return (
    <Stack gap="lg" maw={640}>
      <Title order={1}>
        Members{' '}
        <Text span inherit c="dimmed" fw={400}>
          {workspaceName}
        </Text>
      </Title>
      <Text>{FREE_MEMBER_USERS_TEXT}</Text>
      <UpgradeContacts workspaceId={workspaceId} workspaceName={workspaceName} />
    </Stack>
  );
}
