import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderPage } from '../../test/render';
import { ErrorScreen } from './error-screen';
import { COOKIE_HELP, detectBrowser, WhoopsPage } from './whoops-page';

const UA = {
  chrome:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
  firefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
  safari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
};

describe('WhoopsPage', () => {
  it.each(Object.entries(UA))('detects %s', (browser, userAgent) => {
    expect(detectBrowser(userAgent)).toBe(browser);
  });

  it('explains that cookies are needed and links to the help of the browser', async () => {
    renderPage(<WhoopsPage userAgent={UA.firefox} />);
    expect(
      await screen.findByText(
        'First and third party cookies must be enabled to use the MergeDesk dashboard.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'How to enable cookies in Firefox' })).toHaveAttribute(
      'href',
      COOKIE_HELP.firefox.url,
    );
  });

  it('lists every browser when it cannot tell which one is used', async () => {
    renderPage(<WhoopsPage userAgent="curl/8" />);
    expect(await screen.findAllByRole('link')).toHaveLength(4);
  });
});

describe('ErrorScreen', () => {
  it('says what the spec says', async () => {
    renderPage(<ErrorScreen />);
    expect(await screen.findByRole('heading', { name: 'Oops...' })).toBeInTheDocument();
    expect(screen.getByText('Sorry, there was a problem.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getByText(/If the problem persists/)).toHaveTextContent(
      'If the problem persists contact us',
    );
    expect(screen.getByRole('link', { name: 'contact us' })).toHaveAttribute('target', '_blank');
  });
});
