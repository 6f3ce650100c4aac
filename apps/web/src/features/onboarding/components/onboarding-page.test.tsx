import { beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { fakeSession, signedInSession } from '../../../test/fake-session';
import { fakeTimerUser, runOnFakeTimers } from '../../../test/fake-timers';
import { renderPage } from '../../../test/render';
import { OnboardingPage } from './onboarding-page';
import { MARKETPLACE_VISITED_STORAGE_KEY } from './onboarding-steps';

const renderOnboarding = (
  props: Partial<Parameters<typeof OnboardingPage>[0]> = {},
  session = signedInSession(),
) =>
  renderPage(
    <OnboardingPage installationTimestamp={null} isUserLoaded isLoading={false} {...props} />,
    '/get-started',
    { session },
  );

describe('onboarding', () => {
  // The tooltips' delays and every wait run on the test's clock (test/fake-timers.ts).
  runOnFakeTimers();
  let user: UserEvent;
  beforeEach(() => {
    user = fakeTimerUser();
  });

  it('starts at step 1 for a signed-out visitor, with the create-account button and a sign-in link', async () => {
    const session = fakeSession();
    renderOnboarding({ isUserLoaded: false }, session);
    expect(await screen.findByRole('heading', { name: 'Welcome to MergeDesk' })).toBeInTheDocument();
    expect(screen.getByText('Create your account')).toBeInTheDocument();
    expect(screen.getByText('Install MergeDesk')).toBeInTheDocument();
    expect(screen.getByText('Send your first merge')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create an account with Google' }));
    expect(session.signIn).toHaveBeenCalledWith({ createAccount: true, continue: '/get-started' });
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });

  it('starts at step 2 for a signed-in user; Continue is disabled, with its tooltip, until installed', async () => {
    renderOnboarding();
    expect(await screen.findByRole('heading', { name: 'Install MergeDesk' })).toBeInTheDocument();
    const continueButton = screen.getByRole('button', { name: 'Continue' });
    expect(continueButton).toHaveAttribute('aria-disabled', 'true');

    await user.hover(continueButton);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'You must have MergeDesk installed to continue.',
    );

    await user.click(continueButton);
    expect(screen.getByRole('heading', { name: 'Install MergeDesk' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Skip the tutorial' })).toHaveAttribute('href', '/');
  });

  it('shows the tooltip to keyboard users too', async () => {
    renderOnboarding();
    await screen.findByRole('heading', { name: 'Install MergeDesk' });
    screen.getByRole('button', { name: 'Continue' }).focus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'You must have MergeDesk installed to continue.',
    );
  });

  it('enables Continue once the marketplace was visited, remembers it for the tab, and goes to step 3', async () => {
    renderOnboarding();
    const marketplace = await screen.findByRole('link', { name: 'Go to Marketplace' });
    expect(marketplace).toHaveAttribute('target', '_blank');
    marketplace.addEventListener('click', (event) => event.preventDefault());
    await user.click(marketplace);

    expect(window.sessionStorage.getItem(MARKETPLACE_VISITED_STORAGE_KEY)).toBe('1');
    const continueButton = screen.getByRole('button', { name: 'Continue' });
    expect(continueButton).toHaveAttribute('aria-disabled', 'false');
    await user.click(continueButton);

    expect(
      await screen.findByRole('heading', { name: 'Open Google Sheets to launch MergeDesk' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open Google Sheets' })).toHaveAttribute(
      'href',
      'https://sheets.new',
    );
    expect(screen.getByRole('link', { name: 'Take me to my MergeDesk dashboard' })).toHaveAttribute(
      'href',
      '/',
    );
    const steps = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(steps).toEqual([
      'Open the Extensions menu of a spreadsheet.',
      'Choose MergeDesk.',
      'Click Start Mail Merge.',
    ]);
  });

  it('enables Continue for a user who has installed the add-on, and lets them go back to step 2', async () => {
    renderOnboarding({ installationTimestamp: 1_700_000_000_000 });
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'Open Google Sheets to launch MergeDesk' });

    await user.click(screen.getByRole('button', { name: /Install MergeDesk/ }));
    expect(await screen.findByRole('heading', { name: 'Install MergeDesk' })).toBeInTheDocument();
  });

  it('does not let a signed-in user go back to step 1', async () => {
    renderOnboarding({ installationTimestamp: 1_700_000_000_000 });
    await screen.findByRole('heading', { name: 'Install MergeDesk' });
    await user.click(screen.getByRole('button', { name: /Create your account/ }));
    expect(screen.getByRole('heading', { name: 'Install MergeDesk' })).toBeInTheDocument();
  });
});
