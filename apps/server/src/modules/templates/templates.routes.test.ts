import {
  DRAFT_CREATION_FAILED_MESSAGE,
  DRAFT_MISSING_AUTHORIZATION_MESSAGE,
  DRAFT_OTHER_USER_MESSAGE,
  GMAIL_COMPOSE_SCOPE,
  MISSING_AUTHORIZATION_REASON,
  TEMPLATE_NOT_FOUND_MESSAGE,
  type TemplateList,
} from '@mergedesk/domain/api/templates';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { drafts, sessions } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { createSecretBox } from '../../lib/secret-box';
import type { MailAdapter } from '../../mail/mail-adapter';
import { PROVIDER_TOKEN_PURPOSE } from '../auth/auth.service';
import { bearer, createTestApp } from '../../test/test-app';
import { apiPath } from '../../test/api-path';
import { useSeededTestApp } from '../../test/seeded-app';
import { findUserByEmail } from '../users/users.repo';
import { createDraftFromTemplate } from './templates.service';

describe('templates API', () => {
  const t = useSeededTestApp();

  /** A session as after the compose consent of spec 002 §4.5. */
  const signInWithCompose = async (email: string) => {
    const token = await t.signIn(email);
    await t.db
      .update(sessions)
      .set({ scopes: `openid email profile ${GMAIL_COMPOSE_SCOPE}` })
      .where(eq(sessions.email, email));
    return token;
  };
  const templates = async () =>
    (
      await t.app.inject({
        method: 'GET',
        url: apiPath('templates.list'),
        headers: bearer(await t.signIn('mia@acme.test')),
      })
    ).json<TemplateList>().items;
  const createDraft = (token: string, userId: string, body: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: apiPath('templates.createDraft', { userId }),
      headers: bearer(token),
      payload: body,
    });

  describe('GET /api/v1/templates', () => {
    it('answers the 12 gallery templates sorted by order', async () => {
      const items = await templates();
      expect(items).toHaveLength(12);
      const orders = items.map((item) => item.order);
      expect(orders).toEqual([...orders].sort((a, b) => a - b));
      expect(Object.keys(items[0]!).sort()).toEqual(['id', 'order', 'preview', 'subject', 'thumbnail']);
    });

    it('answers 401 without a token', async () => {
      expect((await t.app.inject({ method: 'GET', url: apiPath('templates.list') })).statusCode).toBe(401);
    });
  });

  describe('POST /api/v1/users/{userId}/drafts', () => {
    it("creates the draft in the caller's Gmail (the stand-in) and records its message id for the template", async () => {
      const [template] = await templates();
      const userId = t.demo.users['adam@acme.test']!;
      const token = await signInWithCompose('adam@acme.test');
      const response = await createDraft(token, userId, { fromTemplate: template!.id, source: 'GALLERY' });
      expect(response.statusCode).toBe(200);
      const { messageId } = response.json<{ messageId: string }>();
      const rows = await t.db
        .select({ templateId: drafts.templateId, messageId: drafts.messageId })
        .from(drafts)
        .where(eq(drafts.userId, userId));
      expect(rows).toEqual([{ templateId: template!.id, messageId }]);

      // The draft is in Adam's mailbox at the Gmail stand-in, as Gmail's drafts.create made it.
      const inGmail = (await (await fetch(`${t.gmail.url}/_emulator/drafts`)).json()) as {
        message: { id: string; mailbox: string; subject: string; from: string };
      }[];
      expect(inGmail.find((draft) => draft.message.id === messageId)?.message).toMatchObject({
        mailbox: 'adam@acme.test',
        subject: template!.subject,
      });

      // The development mailbox link leads to the stand-in's page.
      const mailbox = await t.app.inject({ method: 'GET', url: apiPath('development.mailbox') });
      expect(mailbox.statusCode).toBe(302);
      expect(mailbox.headers.location).toBe(`${t.gmail.url}/`);
    });

    it('answers 403 missing_authorization when Gmail refuses the access token (401)', async () => {
      const [template] = await templates();
      const token = await signInWithCompose('mia@acme.test');
      // A token the stand-in does not know, as Google answers an expired or revoked one.
      const box = createSecretBox(t.config.SESSION_SECRET, PROVIDER_TOKEN_PURPOSE);
      await t.db
        .update(sessions)
        .set({ providerAccessToken: box.seal('revoked-google-token') })
        .where(eq(sessions.email, 'mia@acme.test'));
      const response = await createDraft(token, t.demo.users['mia@acme.test']!, {
        fromTemplate: template!.id,
        source: 'GALLERY',
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ reason: MISSING_AUTHORIZATION_REASON });
    });

    it('answers 403 missing_authorization without the Gmail compose scope', async () => {
      const [template] = await templates();
      const response = await createDraft(await t.signIn('mia@acme.test'), t.demo.users['mia@acme.test']!, {
        fromTemplate: template!.id,
        source: 'GALLERY',
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        errors: [],
        code: 'FORBIDDEN',
        message: DRAFT_MISSING_AUTHORIZATION_MESSAGE,
        reason: MISSING_AUTHORIZATION_REASON,
      });
    });

    it("answers 403 for another user's mailbox", async () => {
      const [template] = await templates();
      const response = await createDraft(
        await signInWithCompose('mia@acme.test'),
        t.demo.users['olivia@acme.test']!,
        {
          fromTemplate: template!.id,
          source: 'GALLERY',
        },
      );
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'FORBIDDEN', message: DRAFT_OTHER_USER_MESSAGE });
    });

    it('answers 404 for an unknown template and 400 for a bad body', async () => {
      const token = await signInWithCompose('mia@acme.test');
      const userId = t.demo.users['mia@acme.test']!;
      const unknown = await createDraft(token, userId, {
        fromTemplate: '00000000-0000-4000-8000-000000000000',
        source: 'GALLERY',
      });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND', message: TEMPLATE_NOT_FOUND_MESSAGE });
      const [template] = await templates();
      const source = await createDraft(token, userId, { fromTemplate: template!.id, source: 'OTHER' });
      expect(source.statusCode).toBe(400);
      const missing = await createDraft(token, userId, { source: 'GALLERY' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    });

    it("answers 503 'Gmail draft could not be created' when the mail provider fails", async () => {
      const [template] = await templates();
      const caller = (await findUserByEmail(t.db, 'mia@acme.test'))!;
      await signInWithCompose('mia@acme.test');
      const [session] = await t.db
        .select({ id: sessions.id })
        .from(sessions)
        .where(eq(sessions.email, 'mia@acme.test'));
      const failing: MailAdapter = {
        createDraft: () => Promise.reject(new Error('Gmail answered 500')),
        listDrafts: () => Promise.reject(new Error('Gmail answered 500')),
        getDraft: () => Promise.reject(new Error('Gmail answered 500')),
        sendMail: () => Promise.reject(new Error('Gmail answered 500')),
      };
      const attempt = createDraftFromTemplate(
        t.db,
        failing,
        caller,
        { sessionId: session!.id, email: caller.email },
        'me',
        {
          fromTemplate: template!.id,
          source: 'GALLERY',
        },
      );
      await expect(attempt).rejects.toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
        message: DRAFT_CREATION_FAILED_MESSAGE,
      });
      await expect(attempt).rejects.toBeInstanceOf(AppError);
    });
  });
});

describe('templates API without a Google access token', () => {
  const t = useSeededTestApp();

  it('asks for the compose permission while no Google access token is stored', async () => {
    const token = await t.signIn('olivia@acme.test');
    await t.db
      .update(sessions)
      .set({ scopes: GMAIL_COMPOSE_SCOPE, providerAccessToken: null, providerTokenExpiresAt: null })
      .where(eq(sessions.email, 'olivia@acme.test'));
    const list = await t.app.inject({
      method: 'GET',
      url: apiPath('templates.list'),
      headers: bearer(token),
    });
    const [template] = list.json<TemplateList>().items;
    const response = await t.app.inject({
      method: 'POST',
      url: apiPath('templates.createDraft', { userId: t.user('olivia@acme.test') }),
      headers: bearer(token),
      payload: { fromTemplate: template!.id, source: 'GALLERY' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ reason: MISSING_AUTHORIZATION_REASON });
    expect(t.gmail.messages()).toEqual([]);
  });
});

describe('the development mailbox link', () => {
  it("does not exist when GMAIL_API_URL is Google's", async () => {
    const gmail = await createTestApp({ env: { GMAIL_API_URL: 'https://gmail.googleapis.com/' } });
    try {
      const response = await gmail.app.inject({ method: 'GET', url: apiPath('development.mailbox') });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
    } finally {
      await gmail.close();
    }
  });
});
