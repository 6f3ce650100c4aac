import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Template } from '@mergedesk/domain/api/templates';
import { GMAIL_COMPOSE_SCOPE } from '@mergedesk/domain/session/constants';
import { signedInSession } from '../../../test/fake-session';
import { requestJson, requestUrl, stubFetch } from '../../../test/fetch-stub';
import { ACME_SALES_ID, jsonResponse } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/render';
import { TemplatesPage } from './templates-page';

const USER_ID = 'bbbbbbbb-0000-4000-8000-000000000001';
const BASE = `/${ACME_SALES_ID}/acme-sales`;

const templates: Template[] = [
  {
    id: 'tpl-newsletter',
    subject: 'Monthly newsletter',
    thumbnail: 'https://cdn.test/newsletter.png',
    preview: '<h1 id="inside-preview">Hello {{First name}}</h1><script>window.pwned = true</script>',
    order: 1,
  },
  {
    id: 'tpl-event',
    subject: 'Event invitation',
    thumbnail: 'https://cdn.test/event.png',
    preview: '<p>Join us</p>',
    order: 2,
  },
];

const fetchMock = stubFetch();
type DraftAnswer = () => Response;
function answer(draft: DraftAnswer = () => jsonResponse(201, { messageId: 'msg-123' })) {
  fetchMock.mockImplementation((input) => {
    const url = requestUrl(input);
    if (url.endsWith('/api/v1/templates')) return Promise.resolve(jsonResponse(200, { items: templates }));
    if (url.includes('/drafts')) return Promise.resolve(draft());
    return Promise.resolve(jsonResponse(404, { code: 'NOT_FOUND', message: 'Not found', errors: [] }));
  });
}
const draftCalls = () => fetchMock.mock.calls.filter(([input]) => requestUrl(input).includes('/drafts'));

const withCompose = () => signedInSession({ scopes: ['openid', 'email', 'profile', GMAIL_COMPOSE_SCOPE] });

function renderTemplates(path = `${BASE}/templates`, session = withCompose()) {
  const page = <TemplatesPage userId={USER_ID} />;
  const rendered = renderRoutes(
    [
      { path: '/:workspaceId/:workspaceSlug/templates', element: page },
      { path: '/:workspaceId/:workspaceSlug/templates/:templateId', element: page },
    ],
    path,
    { session },
  );
  return { ...rendered, session };
}

const card = (subject: string) => screen.findByRole('article', { name: subject });

describe('TemplatesPage (spec 002 §2.6, §4.5)', () => {
  it('has its title, heading and the mobile warning', async () => {
    answer();
    renderTemplates();
    expect(screen.getByRole('heading', { level: 1, name: 'Templates' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Templates | MergeDesk'));
    expect(
      screen.getByText('Please use the desktop version of MergeDesk to preview and import templates.'),
    ).toBeInTheDocument();
  });

  it('shows 10 placeholders while the templates load', () => {
    fetchMock.mockReturnValue(new Promise<Response>(() => undefined));
    renderTemplates();
    const grid = screen.getByRole('list', { name: 'Templates' });
    expect(grid).toHaveAttribute('aria-busy', 'true');
    expect(within(grid).getAllByRole('listitem')).toHaveLength(10);
    expect(within(grid).queryByRole('article')).not.toBeInTheDocument();
  });

  it('shows each template as a card: thumbnail with the subject as alt text, Preview and Import', async () => {
    answer();
    renderTemplates();
    const newsletter = await card('Monthly newsletter');
    expect(within(newsletter).getByRole('img', { name: 'Monthly newsletter' })).toHaveAttribute(
      'src',
      'https://cdn.test/newsletter.png',
    );
    expect(within(newsletter).getByRole('link', { name: 'Preview' })).toHaveAttribute(
      'href',
      `${BASE}/templates/tpl-newsletter`,
    );
    expect(within(newsletter).getByRole('button', { name: 'Import' })).toBeInTheDocument();
    expect(
      screen.getAllByRole('article').map((article) => article.getAttribute('aria-labelledby')),
    ).toHaveLength(2);
  });

  it('opens the preview dialog at {base}/templates/{id}, in a sandboxed frame, and closes back to /templates', async () => {
    answer();
    const { router } = renderTemplates();
    await userEvent.click(within(await card('Monthly newsletter')).getByRole('link', { name: 'Preview' }));

    expect(router.state.location.pathname).toBe(`${BASE}/templates/tpl-newsletter`);
    const dialog = await screen.findByRole('dialog', { name: 'Monthly newsletter' });
    const frame = within(dialog).getByTitle('Preview of Monthly newsletter');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame).toHaveAttribute('srcdoc', templates[0]!.preview);
    // The HTML is never part of the page itself.
    expect(document.getElementById('inside-preview')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Import' })).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${BASE}/templates`));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('opens the dialog when the page is loaded at its address', async () => {
    answer();
    renderTemplates(`${BASE}/templates/tpl-event`);
    const dialog = await screen.findByRole('dialog', { name: 'Event invitation' });
    expect(within(dialog).getByTitle('Preview of Event invitation')).toHaveAttribute(
      'srcdoc',
      '<p>Join us</p>',
    );
  });

  it('asks for the compose permission first and creates nothing without it', async () => {
    answer();
    const { session } = renderTemplates(`${BASE}/templates`, signedInSession());
    await userEvent.click(within(await card('Monthly newsletter')).getByRole('button', { name: 'Import' }));

    expect(session.requestComposePermission).toHaveBeenCalledTimes(1);
    expect(session.requestComposePermission).toHaveBeenCalledWith(`${BASE}/templates?import=tpl-newsletter`);
    expect(draftCalls()).toHaveLength(0);
  });

  it('creates the draft with the permission, then the button becomes Open', async () => {
    answer();
    const { session } = renderTemplates();
    await userEvent.click(within(await card('Monthly newsletter')).getByRole('button', { name: 'Import' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Draft "Monthly newsletter" created in Gmail.',
    );
    const [[url, init]] = draftCalls() as [[RequestInfo | URL, RequestInit | undefined]];
    expect(requestUrl(url)).toMatch(new RegExp(`/api/v1/users/${USER_ID}/drafts$`));
    expect(init?.method).toBe('POST');
    expect(requestJson(init)).toEqual({ fromTemplate: 'tpl-newsletter', source: 'GALLERY' });
    expect(session.requestComposePermission).not.toHaveBeenCalled();

    const newsletter = await card('Monthly newsletter');
    const open = within(newsletter).getByRole('link', { name: 'Open' });
    expect(open).toHaveAttribute('href', 'https://mail.google.com/mail/u/0/#drafts?compose=msg-123');
    expect(open).toHaveAttribute('target', '_blank');
    expect(within(newsletter).queryByRole('button', { name: 'Import' })).not.toBeInTheDocument();
    // The other template is untouched.
    expect(
      within(await card('Event invitation')).getByRole('button', { name: 'Import' }),
    ).toBeInTheDocument();
    expect(window.localStorage.getItem(`mergedesk.template-draft.${USER_ID}.tpl-newsletter`)).toBe('msg-123');
  });

  it('remembers an imported template per user across visits', async () => {
    window.localStorage.setItem(`mergedesk.template-draft.${USER_ID}.tpl-event`, 'msg-9');
    window.localStorage.setItem('mergedesk.template-draft.someone-else.tpl-newsletter', 'msg-1');
    answer();
    renderTemplates();
    expect(within(await card('Event invitation')).getByRole('link', { name: 'Open' })).toHaveAttribute(
      'href',
      'https://mail.google.com/mail/u/0/#drafts?compose=msg-9',
    );
    expect(
      within(await card('Monthly newsletter')).getByRole('button', { name: 'Import' }),
    ).toBeInTheDocument();
  });

  it.each([
    [
      'a missing authorization',
      () =>
        jsonResponse(403, {
          code: 'FORBIDDEN',
          message: 'Allow MergeDesk to create Gmail drafts first.',
          errors: [],
          reason: 'missing_authorization',
        }),
    ],
    [
      'a failure',
      () =>
        jsonResponse(503, { code: 'UNAVAILABLE', message: 'Gmail draft could not be created', errors: [] }),
    ],
  ])("shows 'Gmail draft could not be created' on %s", async (_, draft) => {
    answer(draft);
    renderTemplates();
    await userEvent.click(within(await card('Monthly newsletter')).getByRole('button', { name: 'Import' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Gmail draft could not be created');
    expect(
      within(await card('Monthly newsletter')).getByRole('button', { name: 'Import' }),
    ).toBeInTheDocument();
    expect(window.localStorage.getItem(`mergedesk.template-draft.${USER_ID}.tpl-newsletter`)).toBeNull();
  });

  it('imports from the preview dialog and shows the result there', async () => {
    answer();
    renderTemplates(`${BASE}/templates/tpl-event`);
    const dialog = await screen.findByRole('dialog', { name: 'Event invitation' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Import' }));

    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'Draft "Event invitation" created in Gmail.',
    );
    expect(within(dialog).getByRole('link', { name: 'Open' })).toHaveAttribute(
      'href',
      'https://mail.google.com/mail/u/0/#drafts?compose=msg-123',
    );
  });

  it('finishes the import after coming back from the permission sign-in', async () => {
    answer();
    const { router } = renderTemplates(`${BASE}/templates?import=tpl-event`);

    expect(await screen.findByRole('status')).toHaveTextContent('Draft "Event invitation" created in Gmail.');
    expect(draftCalls()).toHaveLength(1);
    expect(router.state.location.search).toBe('');
  });

  it.each([
    ['cancelled', 'Gmail draft could not be created'],
    ['failed', 'Gmail draft could not be created'],
    [
      'wrong-account',
      'Gmail draft could not be created: the permission was given for another Google account. Choose olivia@acme.test to allow drafts.',
    ],
  ])(
    'back from a permission round trip that ended %s: the draft error, no import (issue 9)',
    async (outcome, message) => {
      answer();
      const { router } = renderTemplates(
        `${BASE}/templates?import=tpl-event&composeGrant=${outcome}`,
        signedInSession(),
      );
      expect(await screen.findByRole('alert')).toHaveTextContent(message);
      await waitFor(() => expect(router.state.location.search).toBe(''));
      expect(draftCalls()).toHaveLength(0);
    },
  );
});
