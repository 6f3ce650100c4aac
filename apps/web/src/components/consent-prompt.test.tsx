import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { hasAnalyticsConsent } from '../lib/analytics';
import { resetConsentPromptForTests } from '../lib/analytics-consent';
import { ConsentPrompt } from './consent-prompt';

const show = () =>
  render(
    <MantineProvider env="test">
      <ConsentPrompt />
    </MantineProvider>,
  );

beforeEach(() => {
  document.cookie = 'md_consent=; Path=/; Max-Age=0';
  resetConsentPromptForTests();
});

describe('the analytics consent prompt (spec 000 §7; issue 21)', () => {
  it('asks until a choice is made; allowing grants analytics and is remembered', async () => {
    const first = show();
    const prompt = screen.getByRole('region', { name: 'Analytics cookies' });
    expect(hasAnalyticsConsent()).toBe(false);
    await userEvent.click(within(prompt).getByRole('button', { name: 'Allow analytics' }));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Analytics cookies' })).not.toBeInTheDocument(),
    );
    expect(hasAnalyticsConsent()).toBe(true);
    first.unmount();
    show();
    expect(screen.queryByRole('region', { name: 'Analytics cookies' })).not.toBeInTheDocument();
  });

  it("remembers 'No, thanks': no analytics and no prompt again", async () => {
    const first = show();
    await userEvent.click(screen.getByRole('button', { name: 'No, thanks' }));
    expect(hasAnalyticsConsent()).toBe(false);
    expect(document.cookie).toContain('md_consent=analytics%3Ddenied');
    first.unmount();
    show();
    expect(screen.queryByRole('region', { name: 'Analytics cookies' })).not.toBeInTheDocument();
  });

  it("closes for this session with 'Not now', granting nothing", async () => {
    show();
    await userEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('region', { name: 'Analytics cookies' })).not.toBeInTheDocument();
    expect(hasAnalyticsConsent()).toBe(false);
    expect(document.cookie).not.toContain('md_consent=analytics');
  });
});
