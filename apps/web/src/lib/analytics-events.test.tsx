import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { RouteErrorScreen } from '../components/full-page-states/error-screen';
import { requestJson, stubFetch } from '../test/fetch-stub';
import { TestProviders } from '../test/render';
import {
  CONSENT_COOKIE,
  installErrorReporting,
  MAX_ERROR_EVENTS,
  resetInitialUrlForTests,
  resetReportedErrorsForTests,
  useModalDisplayEvent,
  usePageViews,
} from './analytics';
import { setAccessTokenProvider } from './api-client';

const fetchMock = stubFetch(() => Promise.resolve(new Response(null, { status: 202 })));

/** The usage events the page posted. */
const sentEvents = (): Record<string, unknown>[] =>
  fetchMock.mock.calls.map(([, init]) => requestJson(init) as Record<string, unknown>);

beforeEach(() => {
  setAccessTokenProvider(() => 'token');
  document.cookie = `${CONSENT_COOKIE}=analytics=granted; Path=/`;
  resetInitialUrlForTests();
  resetReportedErrorsForTests();
});

afterEach(() => {
  setAccessTokenProvider(() => null);
});

function PageViews({ isSignedIn }: { isSignedIn: boolean }) {
  usePageViews({ isSignedIn, spaces: [] });
  return null;
}

function renderPageViews(path: string, isSignedIn = true) {
  const router = createMemoryRouter([{ path: '*', element: <PageViews isSignedIn={isSignedIn} /> }], {
    initialEntries: [path],
  });
  act(() => {
    render(<RouterProvider router={router} />);
  });
  return router;
}

describe('page views (spec 000 §7)', () => {
  it('never records the sign-in callback; initial_url is the first real page', async () => {
    const router = renderPageViews('/auth/callback?code=secret-code&state=secret-state');
    await act(() => router.navigate('/space-1/acme/mail-merges?tab=sent'));
    await act(() => router.navigate('/space-1/acme/bounces'));

    const events = sentEvents();
    expect(events.map((event) => event.page_path)).toEqual([
      '/space-1/acme/mail-merges',
      '/space-1/acme/bounces',
    ]);
    for (const event of events) {
      expect(event.initial_url).toBe(`${window.location.origin}/space-1/acme/mail-merges?tab=sent`);
    }
    expect(JSON.stringify(events)).not.toContain('secret-');
  });

  it('records no URL that carries a sign-in code or state, whatever its path', async () => {
    const router = renderPageViews('/login?code=secret-code');
    await act(() => router.navigate('/settings?state=secret-state'));
    await act(() => router.navigate('/settings'));
    expect(sentEvents().map((event) => [event.page_path, event.search, event.initial_url])).toEqual([
      ['/settings', '', `${window.location.origin}/settings`],
    ]);
  });

  it('keeps the first real page seen while signed out as the initial URL', async () => {
    const router = renderPageViews('/login?continue=%2Fsettings', false);
    await act(() => router.navigate('/auth/callback?code=c&state=s'));
    expect(fetchMock).not.toHaveBeenCalled();
    const signedIn = createMemoryRouter([{ path: '*', element: <PageViews isSignedIn /> }], {
      initialEntries: ['/settings'],
    });
    render(<RouterProvider router={signedIn} />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(sentEvents()[0]?.initial_url).toBe(`${window.location.origin}/login?continue=%2Fsettings`);
  });
});

describe('webapp_error (spec 000 §7)', () => {
  it('reports uncaught errors and unhandled rejections, each message once, at most a few per page load', () => {
    // A stand-in for the window: errors dispatched on jsdom's window reach the test runner too.
    const page = new EventTarget();
    const stop = installErrorReporting(page);
    try {
      page.dispatchEvent(new ErrorEvent('error', { error: new TypeError('boom'), message: 'boom' }));
      page.dispatchEvent(new ErrorEvent('error', { error: new TypeError('boom'), message: 'boom' }));
      const rejection = Object.assign(new Event('unhandledrejection'), { reason: new Error('rejected') });
      page.dispatchEvent(rejection);
      expect(sentEvents()).toEqual([
        expect.objectContaining({
          event_type: 'webapp_error',
          message: 'uncaught: TypeError: boom',
          page_path: '/',
        }),
        expect.objectContaining({
          event_type: 'webapp_error',
          message: 'unhandledrejection: Error: rejected',
        }),
      ]);
      for (let i = 0; i < 3 * MAX_ERROR_EVENTS; i += 1) {
        page.dispatchEvent(new ErrorEvent('error', { error: new Error(`loop ${i}`) }));
      }
      expect(fetchMock).toHaveBeenCalledTimes(MAX_ERROR_EVENTS);
    } finally {
      stop();
    }
    resetReportedErrorsForTests();
    page.dispatchEvent(new ErrorEvent('error', { error: new Error('after stop') }));
    expect(fetchMock).toHaveBeenCalledTimes(MAX_ERROR_EVENTS);
  });

  it("reports what the router's error boundary caught", async () => {
    function Broken(): never {
      throw new RangeError('render failed');
    }
    const router = createMemoryRouter([
      { path: '/', element: <Broken />, errorElement: <RouteErrorScreen /> },
    ]);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    render(
      <TestProviders>
        <RouterProvider router={router} />
      </TestProviders>,
    );
    expect(await screen.findByText('Oops...')).toBeInTheDocument();
    expect(sentEvents()).toEqual([
      expect.objectContaining({
        event_type: 'webapp_error',
        message: 'error_boundary: RangeError: render failed',
      }),
    ]);
    vi.restoreAllMocks();
  });
});

describe('webapp_display_modal (spec 000 §7)', () => {
  it('is sent each time the modal opens, not while it stays open or closed', () => {
    const { rerender } = renderHook(({ opened }) => useModalDisplayEvent('upgrade_info_modal', opened), {
      initialProps: { opened: false },
    });
    expect(fetchMock).not.toHaveBeenCalled();
    rerender({ opened: true });
    rerender({ opened: true });
    rerender({ opened: false });
    rerender({ opened: true });
    expect(sentEvents()).toEqual([
      expect.objectContaining({
        event_type: 'webapp_display_modal',
        message: 'upgrade_info_modal',
        page_path: '/',
      }),
      expect.objectContaining({ event_type: 'webapp_display_modal', message: 'upgrade_info_modal' }),
    ]);
  });
});
