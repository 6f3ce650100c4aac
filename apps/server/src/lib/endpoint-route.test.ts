import { paymentPlanListSchema } from '@mergedesk/domain/api/billing';
import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { route } from './endpoint-route';
import { createSerializerCompiler, fastSerialized } from './fast-serializer';
import { apiPath } from '../test/api-path';

/** A bare app serving one endpoint of the table whose handler answers `payload`. */
async function serve(payload: unknown, checkResponses: boolean) {
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createSerializerCompiler({ checkResponses }));
  route(app, 'billing.paymentPlans', {}, () => payload as never);
  await app.ready();
  return app.inject({ method: 'GET', url: apiPath('billing.paymentPlans') });
}

/** A price whose plan is not one of the plans (fast-json-stringify writes any string). */
const wrongAnswer = {
  items: [
    {
      stripePriceId: 'price_1',
      lookupKey: 'gold_yearly_usd',
      userPlan: 'GOLD',
      workspacePlan: 'PRO',
      legacyType: null,
      billingInterval: 'YEARLY',
      status: 'ACTIVE',
      currency: 'USD',
      paymentPlanTiers: [],
      legalEntity: 'US',
    },
  ],
};

describe('route(): an endpoint of the table answers what its response schema says', () => {
  it('registers the method and path of the table', async () => {
    const answer = await serve({ items: [] }, true);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ items: [] });
  });

  it('refuses an answer that does not match the response schema (500)', async () => {
    const answer = await serve(wrongAnswer, true);
    expect(answer.statusCode).toBe(500);
  });

  it('checks a fast-serialized answer in development and tests, and not in production', async () => {
    fastSerialized(paymentPlanListSchema);
    expect((await serve(wrongAnswer, true)).statusCode).toBe(500);
    expect((await serve(wrongAnswer, false)).statusCode).toBe(200);
  });
});
