import { Box, Combobox, Group, Stack, Text, UnstyledButton, useCombobox } from '@mantine/core';
import { IconCheck, IconPlus, IconSelector, IconSend } from '@tabler/icons-react';
import { useId } from 'react';
import type { UserWorkspace } from '@mergedesk/domain/api/users';
import { spacePlanLabel } from '@mergedesk/domain/plans/plans';

/** Value of the option that opens the new-space dialog (spec 000 §2 "Space switcher"). */
const CREATE_WORKSPACE_OPTION = 'create-workspace';
const ADDON_SPACE_CAPTION = 'Emails are sent from this space';

export type SwitcherSpace = Pick<
  UserWorkspace,
  'workspaceId' | 'workspaceName' | 'workspacePlan' | 'legacyPlanType' | 'urlPrefix'
>;

export type SpaceSwitcherProps = {
  spaces: readonly SwitcherSpace[];
  selectedSpaceId: string;
  /** the space the add-on sends e-mails from (me.addonWorkspaceId) */
  addonWorkspaceId: string | null;
  onSelectSpace: (space: SwitcherSpace) => void;
  onCreateSpace: () => void;
};

/**
 * The space dropdown at the top of the sidebar: the user's spaces (name and plan label) plus the
 * 'create-workspace' option, so it always lists at least two items. The add-on's space carries a
 * send icon and the caption 'Emails are sent from this space'.
 */
export function SpaceSwitcher({
  spaces,
  selectedSpaceId,
  addonWorkspaceId,
  onSelectSpace,
  onCreateSpace,
}: SpaceSwitcherProps) {
  const combobox = useCombobox({
    onDropdownClose: () => combobox.resetSelectedOption(),
    onDropdownOpen: () => combobox.updateSelectedOptionIndex('active'),
  });
  const labelId = useId();
  const valueId = useId();
  const selected = spaces.find((space) => space.workspaceId === selectedSpaceId);

  const submit = (value: string) => {
    combobox.closeDropdown();
    if (value === CREATE_WORKSPACE_OPTION) {
      onCreateSpace();
      return;
    }
    const space = spaces.find((candidate) => candidate.workspaceId === value);
    if (space && space.workspaceId !== selectedSpaceId) onSelectSpace(space);
  };

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={submit}
      position="bottom-start"
      width="target"
      shadow="md"
      withinPortal
      // Mounted while open only (issue 11): a mounted list is positioned and rendered on every load.
      keepMounted={false}
    >
      <Combobox.Target targetType="button" withExpandedAttribute>
        <UnstyledButton
          type="button"
          aria-labelledby={`${labelId} ${valueId}`}
          onClick={() => combobox.toggleDropdown()}
          w="100%"
          p="xs"
          style={{
            borderRadius: 'var(--mantine-radius-md)',
            border: '1px solid var(--mantine-color-default-border)',
          }}
        >
          <Group gap="xs" wrap="nowrap" justify="space-between">
            <Box miw={0} style={{ flex: 1 }}>
              <Text id={labelId} size="xs" c="dimmed">
                Switch space
              </Text>
              {/* A long name ends in an ellipsis; the whole name is the title and the accessible name. */}
              <Text id={valueId} fw={600} size="sm" truncate="end" title={selected?.workspaceName}>
                {selected?.workspaceName ?? ''}
              </Text>
            </Box>
            <IconSelector size={16} aria-hidden style={{ flexShrink: 0 }} />
          </Group>
        </UnstyledButton>
      </Combobox.Target>

      <Combobox.Dropdown>
        <Combobox.Options aria-label="Spaces" mah={360} style={{ overflowY: 'auto' }}>
          {spaces.map((space) => {
            const isSelected = space.workspaceId === selectedSpaceId;
            const isAddonSpace = space.workspaceId === addonWorkspaceId;
            return (
              <Combobox.Option
                key={space.workspaceId}
                value={space.workspaceId}
                active={isSelected}
                aria-selected={isSelected}
              >
                <Group gap="xs" wrap="nowrap" justify="space-between">
                  <Stack gap={0} miw={0} style={{ flex: 1 }}>
                    <Group gap={6} wrap="nowrap">
                      {isAddonSpace && <IconSend size={14} aria-hidden style={{ flexShrink: 0 }} />}
                      <Text size="sm" fw={500} truncate="end" title={space.workspaceName}>
                        {space.workspaceName}
                      </Text>
                    </Group>
                    <Text size="xs" c="dimmed">
                      {spacePlanLabel(space.workspacePlan, { legacyType: space.legacyPlanType })}
                    </Text>
                    {isAddonSpace && (
                      <Text size="xs" c="dimmed">
                        {ADDON_SPACE_CAPTION}
                      </Text>
                    )}
                  </Stack>
                  {isSelected && <IconCheck size={16} aria-hidden style={{ flexShrink: 0 }} />}
                </Group>
              </Combobox.Option>
            );
          })}
          <Combobox.Option value={CREATE_WORKSPACE_OPTION}>
            <Group gap="xs" wrap="nowrap">
              <IconPlus size={16} aria-hidden />
              <Text size="sm">Create a new space</Text>
            </Group>
          </Combobox.Option>
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
