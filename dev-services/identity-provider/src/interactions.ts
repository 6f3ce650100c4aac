import type { IncomingMessage, ServerResponse } from 'node:http';

import type { Interaction, Provider } from 'oidc-provider';
import { errors } from 'oidc-provider';

import { demoAccounts, findDemoAccountByEmail } from './accounts';
import { contentSecurityPolicy, renderMessagePage, renderSignInPage } from './html';

/** Matches the paths served here; `interactions.url` in provider.ts points at the first one. */
const interactionPath = /^\/interaction\/([\w-]+)(?:\/(login|abort))?\/?$/;

type InteractionRoute = { uid: string; action: 'page' | 'login' | 'abort' };

export function matchInteractionRoute(pathname: string): InteractionRoute | undefined {
  const match = interactionPath.exec(pathname);
  const uid = match?.[1];
  if (uid === undefined) {
    return undefined;
  }
  const action = match?.[2];
  return { uid, action: action === 'login' || action === 'abort' ? action : 'page' };
}

export function interactionUrl(uid: string): string {
  return `/interaction/${encodeURIComponent(uid)}`;
}

function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Content-Security-Policy', contentSecurityPolicy);
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.end(html);
}

const maxFormBytes = 16 * 1024;

class RequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const contentType = req.headers['content-type'] ?? '';
  if (!contentType.toLowerCase().startsWith('application/x-www-form-urlencoded')) {
    throw new RequestError(415, 'Expected a submitted form.');
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > maxFormBytes) {
      throw new RequestError(413, 'The submitted form is too large.');
    }
    chunks.push(buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function stringParam(params: Record<string, unknown>, name: string): string | undefined {
  const value = params[name];
  return typeof value === 'string' ? value : undefined;
}

function requestedScopes(interaction: Interaction): string[] {
  return (stringParam(interaction.params, 'scope') ?? '').split(' ').filter((scope) => scope !== '');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Claims asked for with the `claims` request parameter, if the relying party used it. */
function requestedClaims(interaction: Interaction): string[] {
  const raw = stringParam(interaction.params, 'claims');
  if (raw === undefined) {
    return [];
  }
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!isRecord(parsed)) {
      return [];
    }
    const claims = new Set<string>();
    for (const member of [parsed['id_token'], parsed['userinfo']]) {
      if (isRecord(member)) {
        Object.keys(member).forEach((claim) => claims.add(claim));
      }
    }
    return [...claims];
  } catch {
    return [];
  }
}

async function clientName(provider: Provider, interaction: Interaction): Promise<string> {
  const clientId = stringParam(interaction.params, 'client_id') ?? '';
  const client = await provider.Client.find(clientId);
  return client?.clientName ?? clientId;
}

async function sendSignInPage(
  provider: Provider,
  res: ServerResponse,
  interaction: Interaction,
  status = 200,
  error?: string,
): Promise<void> {
  const base = interactionUrl(interaction.uid);
  sendHtml(
    res,
    status,
    renderSignInPage({
      accounts: demoAccounts,
      loginAction: `${base}/login`,
      abortAction: `${base}/abort`,
      clientName: await clientName(provider, interaction),
      requestedScopes: requestedScopes(interaction),
      offline: asksForOfflineAccess(interaction),
      error,
    }),
  );
}

/**
 * Google's offline access: `access_type=offline` (an extra parameter, provider.ts) or the OpenID
 * `offline_access` scope. The grant then holds `offline_access`, which issueRefreshToken reads.
 */
function asksForOfflineAccess(interaction: Interaction): boolean {
  return (
    stringParam(interaction.params, 'access_type') === 'offline' ||
    requestedScopes(interaction).includes('offline_access')
  );
}

/**
 * A trusted first-party dev provider asks no consent: the grant holds exactly what the
 * authorization request asked for (its scopes, including gmail.compose, and requested claims).
 */
async function grantRequested(
  provider: Provider,
  interaction: Interaction,
  accountId: string,
): Promise<string> {
  const clientId = stringParam(interaction.params, 'client_id') ?? '';
  const grant = new provider.Grant({ accountId, clientId });
  grant.addOIDCScope(requestedScopes(interaction).join(' '));
  if (asksForOfflineAccess(interaction)) grant.addOIDCScope('offline_access');
  const claims = requestedClaims(interaction);
  if (claims.length > 0) {
    grant.addOIDCClaims(claims);
  }
  return grant.save();
}

/** Should a consent prompt still come up (e.g. scopes added later), approve what it lists. */
async function approveConsent(provider: Provider, interaction: Interaction): Promise<string> {
  const accountId = interaction.session?.accountId;
  if (accountId === undefined) {
    throw new errors.SessionNotFound('no signed-in account for this consent');
  }
  const clientId = stringParam(interaction.params, 'client_id') ?? '';
  const existing =
    interaction.grantId === undefined ? undefined : await provider.Grant.find(interaction.grantId);
  const grant = existing ?? new provider.Grant({ accountId, clientId });
  const { details } = interaction.prompt;
  const missingScope = details['missingOIDCScope'];
  if (Array.isArray(missingScope)) {
    grant.addOIDCScope(missingScope.filter((scope) => typeof scope === 'string').join(' '));
  }
  const missingClaims = details['missingOIDCClaims'];
  if (Array.isArray(missingClaims)) {
    grant.addOIDCClaims(missingClaims.filter((claim) => typeof claim === 'string'));
  }
  const missingResourceScopes = details['missingResourceScopes'];
  if (isRecord(missingResourceScopes)) {
    for (const [resource, scopes] of Object.entries(missingResourceScopes)) {
      if (Array.isArray(scopes)) {
        grant.addResourceScope(resource, scopes.filter((scope) => typeof scope === 'string').join(' '));
      }
    }
  }
  return grant.save();
}

async function handle(
  provider: Provider,
  req: IncomingMessage,
  res: ServerResponse,
  route: InteractionRoute,
) {
  const expectedMethod = route.action === 'page' ? 'GET' : 'POST';
  if (req.method !== expectedMethod && !(route.action === 'page' && req.method === 'HEAD')) {
    res.setHeader('Allow', expectedMethod);
    sendHtml(res, 405, renderMessagePage('Method not allowed', `Use ${expectedMethod} here.`));
    return;
  }

  const interaction = await provider.interactionDetails(req, res);
  if (interaction.uid !== route.uid) {
    throw new errors.SessionNotFound('interaction cookie does not belong to this sign-in request');
  }

  switch (route.action) {
    case 'page': {
      if (interaction.prompt.name === 'consent') {
        const grantId = await approveConsent(provider, interaction);
        await provider.interactionFinished(
          req,
          res,
          { consent: { grantId } },
          { mergeWithLastSubmission: true },
        );
        return;
      }
      await sendSignInPage(provider, res, interaction);
      return;
    }
    case 'login': {
      const form = await readForm(req);
      const account = findDemoAccountByEmail(form.get('email') ?? '');
      if (account === undefined) {
        await sendSignInPage(provider, res, interaction, 400, 'Choose one of the accounts below.');
        return;
      }
      const grantId = await grantRequested(provider, interaction, account.sub);
      await provider.interactionFinished(
        req,
        res,
        // `select_account` resolves a `prompt=select_account` request (see provider.ts).
        { login: { accountId: account.sub }, consent: { grantId }, select_account: {} },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    case 'abort': {
      await provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'End-User aborted interaction' },
        { mergeWithLastSubmission: false },
      );
      return;
    }
  }
}

/** Serves the sign-in (interaction) pages; oidc-provider's own endpoints are served by its Koa app. */
export async function handleInteractionRequest(
  provider: Provider,
  req: IncomingMessage,
  res: ServerResponse,
  route: InteractionRoute,
): Promise<void> {
  try {
    await handle(provider, req, res, route);
  } catch (error) {
    if (res.headersSent) {
      res.destroy(error instanceof Error ? error : undefined);
      return;
    }
    if (error instanceof errors.SessionNotFound) {
      sendHtml(
        res,
        400,
        renderMessagePage(
          'Sign-in request expired',
          'This sign-in request has expired or was already used. Go back to the app and sign in again.',
        ),
      );
      return;
    }
    if (error instanceof RequestError) {
      sendHtml(res, error.status, renderMessagePage('Bad request', error.message));
      return;
    }
    console.error('identity-provider: interaction failed', error);
    sendHtml(res, 500, renderMessagePage('Something went wrong', 'The sign-in could not be completed.'));
  }
}
