import {
  ENDPOINTS,
  endpointPath,
  type EndpointName,
  type EndpointPathParams,
} from '@mergedesk/domain/api/endpoints';
import { withQuery, type Query } from './api-path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { GmailAccounts } from '../modules/gmail/gmail-accounts';
import type { DemoSeedResult } from '../seed/seed';
import { bearer, createTestApp, type TestApp } from './test-app';

type CallOptions<N extends EndpointName> = (keyof EndpointPathParams<N> extends never
  ? { params?: Record<string, never> }
  : { params: EndpointPathParams<N> }) & {
  query?: Query;
  payload?: InjectOptions['payload'];
  headers?: InjectOptions['headers'];
};

export type SeededTestApp = TestApp & {
  /** The demo data of shared/demo-data.md as seeded (ids by name and email). */
  readonly demo: DemoSeedResult;
  /** A demo space's id by name. */
  space: (name: string) => string;
  /** A demo user's id by email. */
  user: (email: string) => string;
  /** The Authorization header of a fresh sign-in of `email`. */
  auth: (email: string) => Promise<{ authorization: string }>;
  /**
   * Calls endpoint `name` (its method and path from the endpoint table) as `email` signed in, or
   * without a sign-in when `email` is null.
   */
  call: <N extends EndpointName>(
    email: string | null,
    name: N,
    ...[options]: keyof EndpointPathParams<N> extends never
      ? [options?: CallOptions<N>]
      : [options: CallOptions<N>]
  ) => Promise<LightMyRequestResponse>;
};

/**
 * The usual set-up of an API test file: the real app on a database of its own with the demo seeded
 * (at `now`), closed after the file. Call it inside a `describe` (or at the top of the file); its
 * members are there once the file's `beforeAll` has run.
 */
export function useSeededTestApp(
  options: {
    now?: Date;
    env?: Record<string, string>;
    /** The senders' Gmail grants (test/gmail.ts createTestGmailAccounts). */
    gmailAccounts?: GmailAccounts;
  } = {},
): SeededTestApp {
  let current: (TestApp & { demo: DemoSeedResult }) | undefined;
  const get = () => {
    if (current === undefined) throw new Error('the seeded test app is used before its beforeAll ran');
    return current;
  };
  beforeAll(async () => {
    const t = await createTestApp({
      ...(options.env === undefined ? {} : { env: options.env }),
      ...(options.gmailAccounts === undefined ? {} : { gmailAccounts: options.gmailAccounts }),
    });
    current = Object.assign(t, {
      demo: await t.seedDemo(options.now === undefined ? {} : { now: options.now }),
    });
  });
  afterAll(async () => {
    await current?.close();
  });
  const auth = async (email: string) => bearer(await get().signIn(email));
  return {
    get app() {
      return get().app;
    },
    get db() {
      return get().db;
    },
    get pool() {
      return get().pool;
    },
    get config() {
      return get().config;
    },
    get gmail() {
      return get().gmail;
    },
    get demo() {
      return get().demo;
    },
    signIn: (email, profile) => get().signIn(email, profile),
    seedDemo: (seedOptions) => get().seedDemo(seedOptions),
    close: () => get().close(),
    space: (name) => {
      const id = get().demo.spaces[name];
      if (id === undefined) throw new Error(`no demo space '${name}'`);
      return id;
    },
    user: (email) => {
      const id = get().demo.users[email];
      if (id === undefined) throw new Error(`no demo user '${email}'`);
      return id;
    },
    auth,
    call: async (email, name, ...[callOptions]) => {
      const endpoint = ENDPOINTS[name];
      const params: Record<string, string> = callOptions?.params ?? {};
      return get().app.inject({
        method: endpoint.method,
        url: withQuery(endpointPath(endpoint.path, params), callOptions?.query),
        headers: { ...(email === null ? {} : await auth(email)), ...callOptions?.headers },
        ...(callOptions?.payload === undefined ? {} : { payload: callOptions.payload }),
      });
    },
  };
}
