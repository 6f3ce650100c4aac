import {
  Alert,
  Anchor,
  Group,
  Paper,
  Radio,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { Link } from 'react-router';
import { SCHEDULING_NEEDS_PRO_MESSAGE } from '@mergedesk/domain/plans/plan-features';
import type { ComposerOptions } from '../lib/composer-state';

export type OptionsSectionProps = {
  options: ComposerOptions;
  onOptions: (change: Partial<ComposerOptions>) => void;
  /** The sender's Gmail aliases (none when Gmail is not connected). */
  aliases: { email: string; displayName: string; isDefault: boolean }[];
  /** The aliases could not be loaded (the server's message). */
  aliasesError: string | null;
  canSchedule: boolean;
  /** The owner's upgrade page, when the person is the space's owner; null for other members. */
  upgradePath: string | null;
  /** The picked time cannot be used (domain composer/schedule), shown after a send was tried. */
  scheduleError: string | null;
  /** The quota line (composer.forecast), null while unknown. */
  quotaLine: string | null;
  timeZone: string;
};

/**
 * Options (issue 25 item 5): sender name, alias, tracking, unsubscribe link, now or later (Pro),
 * and what the quota lets go now.
 */
export function OptionsSection({
  options,
  onOptions,
  aliases,
  aliasesError,
  canSchedule,
  upgradePath,
  scheduleError,
  quotaLine,
  timeZone,
}: OptionsSectionProps) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="composer-options">
      <Stack gap="sm">
        <Title order={2} size="h3" id="composer-options">
          4. Options
        </Title>
        <Group grow preventGrowOverflow={false} wrap="wrap" align="flex-start">
          <TextInput
            label="Sender name"
            description="Shown as From; empty: your Gmail name."
            value={options.senderName}
            maxLength={200}
            onChange={(event) => onOptions({ senderName: event.currentTarget.value })}
            style={{ flex: '1 1 14rem' }}
          />
          <Select
            label="Send from"
            description={
              aliases.length === 0
                ? 'Your Gmail address (no aliases).'
                : 'Your Gmail address or one of its aliases.'
            }
            data={[
              { value: '', label: 'My Gmail address' },
              ...aliases
                .filter((alias) => !alias.isDefault)
                .map((alias) => ({
                  value: alias.email,
                  label: alias.displayName ? `${alias.displayName} <${alias.email}>` : alias.email,
                })),
            ]}
            value={options.sendAs}
            onChange={(value) => onOptions({ sendAs: value ?? '' })}
            allowDeselect={false}
            disabled={aliases.length === 0}
            error={aliasesError ?? undefined}
            style={{ flex: '1 1 14rem' }}
          />
        </Group>
        <Stack gap="xs">
          <Switch
            label="Track opens"
            checked={options.trackOpens}
            onChange={(event) => onOptions({ trackOpens: event.currentTarget.checked })}
          />
          <Switch
            label="Track clicks"
            checked={options.trackClicks}
            onChange={(event) => onOptions({ trackClicks: event.currentTarget.checked })}
          />
          <Switch
            label="Unsubscribe link"
            description="A footer with a link to unsubscribe. The unsubscribe headers are sent either way."
            checked={options.unsubscribeLink}
            onChange={(event) => onOptions({ unsubscribeLink: event.currentTarget.checked })}
          />
        </Stack>
        <Radio.Group
          label="When"
          value={options.when}
          onChange={(value) => onOptions({ when: value === 'later' ? 'later' : 'now' })}
        >
          <Stack gap="xs" mt={4}>
            <Radio value="now" label="Send now" />
            <Radio value="later" label="Schedule" disabled={!canSchedule} />
          </Stack>
        </Radio.Group>
        {!canSchedule && (
          <Alert color="blue" variant="light">
            <Text size="sm">
              {SCHEDULING_NEEDS_PRO_MESSAGE}{' '}
              {upgradePath !== null ? (
                <Anchor component={Link} to={upgradePath} size="sm" fw={500}>
                  Upgrade
                </Anchor>
              ) : (
                'Ask the space owner to upgrade.'
              )}
            </Text>
          </Alert>
        )}
        {canSchedule && options.when === 'later' && (
          <TextInput
            type="datetime-local"
            label="Send at"
            description={`In your time zone (${timeZone}).`}
            value={options.scheduledAt}
            onChange={(event) => onOptions({ scheduledAt: event.currentTarget.value })}
            error={scheduleError ?? undefined}
            maw={280}
          />
        )}
        {quotaLine !== null && (
          <Text size="sm" role="status" data-testid="quota-line">
            {quotaLine}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
