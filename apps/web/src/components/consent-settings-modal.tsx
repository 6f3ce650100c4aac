import { Button, Checkbox, Group, Modal, Stack } from '@mantine/core';
import { CONSENT_TEXTS } from '@mergedesk/domain/privacy/analytics-consent';
import { saveAnalyticsConsent, useAnalyticsConsent } from '../lib/analytics-consent';

/** The account menu's 'Analytics cookies': the choice, changeable at any time (issue 21). */
export function ConsentSettingsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { consent } = useAnalyticsConsent();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={CONSENT_TEXTS.title}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        <Checkbox
          label={CONSENT_TEXTS.settingLabel}
          description={CONSENT_TEXTS.settingDescription}
          checked={consent === 'granted'}
          onChange={(event) => saveAnalyticsConsent(event.currentTarget.checked ? 'granted' : 'denied')}
        />
        <Group justify="flex-end">
          <Button onClick={onClose}>Done</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
