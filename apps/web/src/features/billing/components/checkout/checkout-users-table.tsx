import { Badge, Card, Group, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { CheckoutUser } from '@mergedesk/domain/api/billing';
import { roleLabel } from '@mergedesk/domain/members/messages';

export type CheckoutUsersTableProps = {
  users: readonly CheckoutUser[];
  /** The second column's header: what is chosen for each user ('Licence', 'Paid licence'). */
  choiceHeader: string;
  /** The choice of one user (radios, a checkbox, or why there is none). */
  renderChoice: (user: CheckoutUser) => ReactNode;
};

/**
 * The 'Users' table of a per-user checkout step (spec 001 §2 options page, legacy users page):
 * each user's name, address and role, and the licence choice beside it.
 */
export function CheckoutUsersTable({ users, choiceHeader, renderChoice }: CheckoutUsersTableProps) {
  return (
    <Card withBorder padding={0} radius="md">
      <Table verticalSpacing="sm" horizontalSpacing="md" captionSide="top">
        <Table.Caption style={{ textAlign: 'start', padding: '0.75rem 1rem 0' }}>Users</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">User</Table.Th>
            <Table.Th scope="col">{choiceHeader}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => (
            <Table.Tr key={user.id}>
              <Table.Td>
                <UserCell user={user} />
              </Table.Td>
              <Table.Td>{renderChoice(user)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}

/** Name, e-mail and role of a checkout user; the e-mail wraps on small screens. */
function UserCell({ user }: { user: CheckoutUser }) {
  return (
    <Stack gap={2}>
      <Group gap="xs" wrap="wrap">
        <Text size="sm" fw={500}>
          {user.name.trim() || user.email}
        </Text>
        {user.role !== 'MEMBER' && (
          <Badge size="sm" variant="light">
            {roleLabel(user.role, true)}
          </Badge>
        )}
        {user.isTrial && (
          <Badge size="sm" variant="light" color="grape">
            Trial
          </Badge>
        )}
      </Group>
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {user.email}
      </Text>
    </Stack>
  );
}
