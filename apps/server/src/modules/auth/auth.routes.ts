import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { AccessTokenSigner } from './access-token';

export type AuthRoutesOptions = { config: Config; db: Database; signer: AccessTokenSigner };

/** POST token, refresh-token, revoke and GET authorize under /api/v1/auth (being written by the lead). */
// eslint-disable-next-line @typescript-eslint/require-await
export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async () => {};
