import { Button, CloseButton, Group, Paper, Stack, Text } from '@mantine/core';
import { CONSENT_TEXTS } from '@mergedesk/domain/privacy/analytics-consent';
import { dismissConsentPrompt, saveAnalyticsConsent, useAnalyticsConsent } from '../lib/analytics-consent';

/**
 * The analytics consent prompt (issue 21; spec 000 §7 makes analytics depend on it): a small card in
 * a corner, not a wall — the page stays usable behind it. 'Allow analytics' and 'No, thanks' are
 * remembered (cookie, 730 days); the close button means "not now" for this session (no analytics).
 */
export function ConsentPrompt() {
  const { promptOpen } = useAnalyticsConsent();
  if (!promptOpen) return null;
  return (
    <Paper
      component="section"
      aria-label={CONSENT_TEXTS.title}
      shadow="md"
      withBorder
      p="md"
      radius="md"
      maw={380}
      style={{ position: 'fixed', right: 16, bottom: 16, zIndex: 300 }}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Text fw={600}>{CONSENT_TEXTS.title}</Text>
          <CloseButton aria-label="Not now" onClick={dismissConsentPrompt} />
        </Group>
        <Text size="sm">{CONSENT_TEXTS.text}</Text>
        <Group gap="sm" justify="flex-end">
          <Button variant="default" size="xs" onClick={() => saveAnalyticsConsent('denied')}>
            {CONSENT_TEXTS.deny}
          </Button>
          <Button size="xs" onClick={() => saveAnalyticsConsent('granted')}>
            {CONSENT_TEXTS.allow}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
