import { Title } from '@mantine/core';
import { CenteredPage } from '../../../components/full-page-states/centered-page';
import { usePageTitle } from '../../../lib/page-title';

/** /invitations/:invitationToken/:status? (spec 002 §2.10). Placeholder: a later issue builds it. */
export function InvitationPage() {
  usePageTitle('Invitation');
  return (
    <CenteredPage>
      <Title order={1} size="h2">
        Invitation
      </Title>
    </CenteredPage>
  );
}
