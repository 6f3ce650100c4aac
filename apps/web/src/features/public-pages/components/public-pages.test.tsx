import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderPage } from '../../../test/render';
import { FormResponsePage } from './form-response-page';
import { UnsubscribedPage } from './unsubscribed-page';

describe('/unsubscribed', () => {
  it('confirms the unsubscription', async () => {
    renderPage(<UnsubscribedPage />, '/unsubscribed');
    expect(
      await screen.findByRole('heading', { name: 'Unsubscription was successful!' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'We have informed the sender of this email that you don’t want to receive more emails from them.',
      ),
    ).toBeInTheDocument();
    expect(document.title).toBe('Unsubscribe | MergeDesk');
  });

  it('shows the error when success=0', async () => {
    renderPage(<UnsubscribedPage />, '/unsubscribed?success=0');
    expect(await screen.findByRole('heading', { name: 'Sorry, an error ocurred' })).toBeInTheDocument();
    expect(screen.getByText(/Please try again or visit our/)).toHaveTextContent(
      'Please try again or visit our Help center.',
    );
    expect(screen.getByRole('link', { name: 'Help center' })).toHaveAttribute('href');
  });

  it('treats any other success value as success', async () => {
    renderPage(<UnsubscribedPage />, '/unsubscribed?success=1');
    expect(
      await screen.findByRole('heading', { name: 'Unsubscription was successful!' }),
    ).toBeInTheDocument();
  });
});

describe('/formresponse', () => {
  it('thanks the person', async () => {
    renderPage(<FormResponsePage />, '/formresponse');
    expect(
      await screen.findByRole('heading', { name: 'Thanks, your response has been recorded' }),
    ).toBeInTheDocument();
  });

  it('shows the same error when success=0', async () => {
    renderPage(<FormResponsePage />, '/formresponse?success=0');
    expect(await screen.findByRole('heading', { name: 'Sorry, an error ocurred' })).toBeInTheDocument();
    expect(screen.getByText(/Please try again or visit our/)).toHaveTextContent(
      'Please try again or visit our Help center.',
    );
  });
});
