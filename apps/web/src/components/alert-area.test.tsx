import { act, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { clearAlertsOnNavigation, resetAlertStore, showSpaceCreatedAlert } from '../lib/alerts';
import { TestProviders } from '../test/render';
import { AlertArea } from './alert-area';

beforeEach(() => {
  localStorage.clear();
  resetAlertStore();
});

const wrapper = ({ children }: { children: ReactNode }) => (
  <MemoryRouter>
    <TestProviders>{children}</TestProviders>
  </MemoryRouter>
);

describe('AlertArea', () => {
  it('shows an alert raised for the next page only there, and keeps it through that navigation', () => {
    act(() => {
      showSpaceCreatedAlert('/new-space/mail-merges/sent');
    });
    const { rerender } = render(<AlertArea path="/old-space/mail-merges/sent" />, { wrapper });
    // Not on the page being left, so it is not "seen" there and the navigation cannot clear it.
    expect(screen.queryByText('Your new space has been created.')).not.toBeInTheDocument();

    rerender(<AlertArea path="/new-space/mail-merges/sent" />);
    act(() => clearAlertsOnNavigation('/new-space/mail-merges/sent'));
    expect(screen.getByRole('status')).toHaveTextContent('Your new space has been created.');

    // The next navigation clears it (spec 000 §4: create alerts are cleared once seen).
    act(() => clearAlertsOnNavigation('/new-space/unsubscriptions'));
    rerender(<AlertArea path="/new-space/unsubscriptions" />);
    expect(screen.queryByText('Your new space has been created.')).not.toBeInTheDocument();
  });
});
