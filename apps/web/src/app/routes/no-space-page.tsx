import { Button, Group } from '@mantine/core';
import { Link } from 'react-router';
import { StatusCard } from '../../components/full-page-states/status-card';
import { usePageTitle } from '../../lib/page-title';
import { PRODUCT_NAME } from '../../lib/product';
import { useSession } from '../../lib/session-context';

/** A signed-in user who belongs to no space (e.g. removed from the last one). */
export function NoSpacePage() {
  usePageTitle('No space');
  const { logout } = useSession();
  return (
    <StatusCard
      kind="warning"
      title="You are not a member of any space"
      description={`Your ${PRODUCT_NAME} account does not belong to any space yet. Create a space to start sending mail merges, or log out and sign in with another account.`}
    >
      <Group justify="center">
        <Button component={Link} to="/?new-space=1">
          Create a space
        </Button>
        <Button variant="default" onClick={() => void logout()}>
          Log out
        </Button>
      </Group>
    </StatusCard>
  );
}
