import { Alert, Anchor, Button, Drawer, Group, Radio, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import type { AssignableRole, Verdict } from '@mergedesk/domain/members/permissions';
import type { MemberAction } from '@mergedesk/domain/members/status';
import { CONTACT_US_URL } from '../../../lib/product';

type DrawerMember = { key: string; name: string; email: string };

/** One action of the drawer, with the domain's verdict for the whole selection. */
export type DrawerAction = { action: Exclude<MemberAction, 'changeRole'>; label: string; verdict: Verdict };

export type RoleChoice = {
  options: { value: AssignableRole; label: string; description: string }[];
  /** The role every selected member has, or null when they differ. */
  current: AssignableRole | null;
  /** Would saving `role` change anybody's role (the domain's hasRoleChanges)? */
  changes: (role: AssignableRole) => boolean;
  verdict: Verdict;
  onSave: (role: AssignableRole) => void;
};

/** The Type change of the legacy screen (spec 002 §5): 'Make paid' / 'Make free' via the checkout. */
export type TypeChangeAction = {
  /** null: no common type, only the verdict's notice shows. */
  label: string | null;
  verdict: Verdict;
  onChange: () => void;
};

export type MemberDrawerProps = {
  opened: boolean;
  onClose: () => void;
  /** The drawer hint of spec 002 §6 (by the actor's role and the plan). */
  hint: string | null;
  members: DrawerMember[];
  actions: DrawerAction[];
  /** Offered only when the actor may change roles (spec 002 §5). */
  roleChoice: RoleChoice | null;
  /** Shown when the selection mixes statuses that allow different actions. */
  mixedNotice: string | null;
  busy: MemberAction | null;
  onAction: (action: DrawerAction['action']) => void;
  typeChange?: TypeChangeAction | null;
  /**
   * False while a dialog opened from the drawer (the remove confirmation) is on top: Escape then
   * closes that dialog only, and the drawer keeps the selection and gets the focus back.
   */
  closeOnEscape?: boolean;
};

/**
 * The side drawer for the selected members (spec 002 §2.7, §4.6): who is selected, the hint, the
 * actions their status allows — each disabled with the domain's reason when a rule refuses it —
 * and the role change. Closing it clears the selection (the page does).
 */
export function MemberDrawer({
  opened,
  onClose,
  hint,
  members,
  actions,
  roleChoice,
  mixedNotice,
  busy,
  onAction,
  typeChange = null,
  closeOnEscape = true,
}: MemberDrawerProps) {
  const title = members.length === 1 ? '1 member selected' : `${members.length} members selected`;
  const refusals = [
    ...actions.map((entry) => entry.verdict),
    ...(roleChoice ? [roleChoice.verdict] : []),
    ...(typeChange ? [typeChange.verdict] : []),
  ].flatMap((verdict) => (verdict.ok ? [] : [verdict]));
  // One notice per message; a refusal with a way out (spec 002 §8 'with a contact-us link') keeps it.
  const uniqueRefusals = [...new Map(refusals.map((refusal) => [refusal.message, refusal])).values()];

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      closeOnEscape={closeOnEscape}
      position="right"
      // The drawer's title is already a heading (h2); styled as the h4 size.
      title={title}
      styles={{ title: { fontSize: 'var(--mantine-h4-font-size)', fontWeight: 700 } }}
      closeButtonProps={{ 'aria-label': 'Close the selection' }}
      size="md"
    >
      <Stack gap="md">
        {hint && (
          <Text size="sm" c="dimmed">
            {hint}
          </Text>
        )}
        <Stack
          gap={4}
          component="ul"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
          aria-label="Selected members"
        >
          {members.map((member) => (
            <Text component="li" key={member.key} size="sm" style={{ wordBreak: 'break-all' }}>
              <strong>{member.name}</strong>
              {member.name !== member.email && ` · ${member.email}`}
            </Text>
          ))}
        </Stack>
        {mixedNotice && (
          <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden />}>
            {mixedNotice}
          </Alert>
        )}
        {uniqueRefusals.map(({ message, link }) => (
          <Alert key={message} color="yellow" variant="light" icon={<IconInfoCircle aria-hidden />}>
            {message}
            {link === 'CONTACT_US' && (
              <>
                {' '}
                <Anchor href={CONTACT_US_URL} target="_blank" rel="noreferrer" size="sm">
                  Contact us
                </Anchor>
              </>
            )}
          </Alert>
        ))}
        {roleChoice && (
          <RoleForm
            key={members.map((m) => m.key).join(',')}
            choice={roleChoice}
            busy={busy === 'changeRole'}
          />
        )}
        {typeChange?.label && (
          <Group gap="sm">
            <Button
              variant="light"
              disabled={!typeChange.verdict.ok || busy !== null}
              onClick={typeChange.onChange}
            >
              {typeChange.label}
            </Button>
          </Group>
        )}
        {actions.length > 0 && (
          <Group gap="sm">
            {actions.map((entry) => (
              <Button
                key={entry.action}
                variant={
                  entry.action === 'remove' || entry.action === 'cancelInvitation' ? 'light' : 'filled'
                }
                color={entry.action === 'remove' || entry.action === 'cancelInvitation' ? 'red' : undefined}
                disabled={!entry.verdict.ok || (busy !== null && busy !== entry.action)}
                loading={busy === entry.action}
                onClick={() => onAction(entry.action)}
              >
                {entry.label}
              </Button>
            ))}
          </Group>
        )}
      </Stack>
    </Drawer>
  );
}

/** Spec 002 §5: Save is enabled only if a role actually differs. */
function RoleForm({ choice, busy }: { choice: RoleChoice; busy: boolean }) {
  const [role, setRole] = useState<AssignableRole | null>(choice.current);
  return (
    <Stack gap="sm">
      <Radio.Group
        label="Role"
        value={role}
        onChange={(value) => setRole(choice.options.find((option) => option.value === value)?.value ?? null)}
      >
        <Stack gap="xs" mt="xs">
          {choice.options.map((option) => (
            <Radio
              key={option.value}
              value={option.value}
              label={option.label}
              description={option.description || undefined}
              disabled={!choice.verdict.ok || busy}
            />
          ))}
        </Stack>
      </Radio.Group>
      <Group>
        <Button
          onClick={() => role && choice.onSave(role)}
          disabled={!choice.verdict.ok || role === null || !choice.changes(role)}
          loading={busy}
        >
          Save role
        </Button>
      </Group>
    </Stack>
  );
}
