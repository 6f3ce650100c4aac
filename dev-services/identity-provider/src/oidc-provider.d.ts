/**
 * oidc-provider 9 ships no type definitions and @types/oidc-provider is not a dependency of the
 * workspace, so this declares the small part of its API this package uses (checked against
 * node_modules/oidc-provider/lib). Extend it when you use more.
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export type UnknownObject = Record<string, unknown>;

  export type ClientMetadata = {
    client_id: string;
    client_secret?: string;
    client_name?: string;
    redirect_uris?: string[];
    post_logout_redirect_uris?: string[];
    grant_types?: string[];
    response_types?: string[];
    token_endpoint_auth_method?: string;
    id_token_signed_response_alg?: string;
    application_type?: 'web' | 'native';
  };

  export type Client = {
    readonly clientId: string;
    readonly clientName?: string;
    readonly redirectUris: string[];
    readonly clientAuthMethod: string;
  };

  export type InteractionResults = {
    login?: { accountId: string; remember?: boolean; ts?: number; amr?: string[]; acr?: string };
    consent?: { grantId?: string };
    error?: string;
    error_description?: string;
    [prompt: string]: unknown;
  };

  export type OIDCContext = {
    readonly route: string;
    readonly prompts: Set<string>;
    readonly params?: UnknownObject;
    readonly result?: InteractionResults;
    readonly client?: Client;
    readonly session?: { readonly accountId?: string };
  };

  /** The Koa context, as far as this package touches it. */
  export type KoaContextWithOIDC = {
    body: unknown;
    type: string;
    status: number;
    readonly host: string;
    readonly oidc: OIDCContext;
    set(field: string, value: string): void;
  };

  export type AccountClaims = { sub: string; [claim: string]: unknown };

  export type Account = {
    accountId: string;
    claims(
      /** 'id_token' or 'userinfo' */
      use: string,
      scope: string,
      claims: UnknownObject,
      rejected: string[],
    ): AccountClaims | Promise<AccountClaims>;
  };

  export type FindAccount = (
    ctx: KoaContextWithOIDC,
    sub: string,
    token?: unknown,
  ) => Account | undefined | Promise<Account | undefined>;

  export type TTLFunction = (ctx: KoaContextWithOIDC, token: unknown, client?: Client) => number;

  export type ErrorOut = { error: string; error_description?: string; state?: string; iss?: string };

  export type Configuration = {
    clients?: ClientMetadata[];
    findAccount?: FindAccount;
    claims?: Record<string, string[] | null>;
    scopes?: string[];
    conformIdTokenClaims?: boolean;
    clientBasedCORS?: (ctx: KoaContextWithOIDC, origin: string, client: Client) => boolean;
    cookies?: {
      keys?: string[];
      names?: { session?: string; interaction?: string; resume?: string };
      long?: { httpOnly?: boolean; sameSite?: 'lax' | 'strict' | 'none' };
      short?: { httpOnly?: boolean; sameSite?: 'lax' | 'strict' | 'none' };
    };
    jwks?: { keys: UnknownObject[] };
    pkce?: { required?: (ctx: KoaContextWithOIDC, client: Client) => boolean };
    ttl?: Record<string, number | TTLFunction>;
    interactions?: {
      policy?: InteractionPolicy;
      url?: (ctx: KoaContextWithOIDC, interaction: Interaction) => string | Promise<string>;
    };
    features?: {
      devInteractions?: { enabled: boolean };
      userinfo?: { enabled: boolean };
      revocation?: { enabled: boolean };
      rpInitiatedLogout?: {
        enabled: boolean;
        logoutSource?: (ctx: KoaContextWithOIDC, form: string) => void | Promise<void>;
        postLogoutSuccessSource?: (ctx: KoaContextWithOIDC) => void | Promise<void>;
      };
    };
    renderError?: (ctx: KoaContextWithOIDC, out: ErrorOut, error: Error) => void | Promise<void>;
  };

  export type Interaction = {
    readonly uid: string;
    readonly returnTo: string;
    readonly prompt: { name: string; reasons: string[]; details: UnknownObject };
    readonly params: UnknownObject;
    readonly session?: { accountId?: string; uid?: string };
    readonly grantId?: string;
    readonly lastSubmission?: InteractionResults;
  };

  export type Grant = {
    readonly jti: string;
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    addResourceScope(resource: string, scope: string): void;
    save(): Promise<string>;
  };

  export type GrantConstructor = {
    new (properties: { accountId: string; clientId: string }): Grant;
    find(id: string): Promise<Grant | undefined>;
  };

  export class Check {
    constructor(
      reason: string,
      description: string,
      error: string,
      check: (ctx: KoaContextWithOIDC) => boolean | Promise<boolean>,
    );
    readonly reason: string;
  }

  export class Prompt {
    constructor(options: { name: string; requestable: boolean }, ...checks: Check[]);
    readonly name: string;
    readonly checks: Check[] & { add(check: Check, index?: number): void };
  }

  export type InteractionPolicy = Prompt[] & {
    get(name: string): Prompt | undefined;
    add(prompt: Prompt, index?: number): void;
    remove(name: string): void;
  };

  export const interactionPolicy: {
    Check: typeof Check;
    Prompt: typeof Prompt;
    base(): InteractionPolicy;
  };

  export namespace errors {
    class OIDCProviderError extends Error {
      readonly error: string;
      readonly error_description?: string;
      readonly status: number;
    }
    class SessionNotFound extends OIDCProviderError {}
  }

  export class Provider {
    constructor(issuer: string, configuration?: Configuration);
    readonly issuer: string;
    readonly Grant: GrantConstructor;
    readonly Client: { find(id: string): Promise<Client | undefined> };
    /** v9: the provider is itself the Koa application. */
    callback(): (req: IncomingMessage, res: ServerResponse) => Promise<void>;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: InteractionResults,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }

  export default Provider;
}
