import { bounceListSchema } from '@mergedesk/domain/api/bounces';
import { sentCampaignListSchema, type SentCampaignList } from '@mergedesk/domain/api/campaigns';
import { unsubscriptionListSchema } from '@mergedesk/domain/api/unsubscriptions';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fastSerialized, isFastSerialized, serializerCompiler } from './fast-serializer';

const compile = (schema: z.ZodType) =>
  serializerCompiler({ schema, method: 'GET', url: '/list', httpStatus: '200' }) as (data: unknown) => string;
const zodCompile = (schema: z.ZodType) =>
  zodSerializerCompiler({ schema, method: 'GET', url: '/list', httpStatus: '200' }) as (
    data: unknown,
  ) => string;

const sentPage: SentCampaignList = {
  items: [
    {
      campaignId: '0b9c1d5e-8f7a-4c3b-9d2e-1f0a9b8c7d6e',
      sentMessageSubject: 'Quotes "and" \\ backslashes, é and 🙂',
      mergeSourceSheetKey: 'sheet-0',
      spreadsheetName: 'Leads',
      sheetName: 'Sheet1',
      senderEmail: null,
      senderName: null,
      lastUpdateTimestamp: 1_764_000_000_000,
      createTimestamp: 1_763_000_000_000,
      lastEmailSentTimestamp: null,
      eventCounts: {
        clickedCount: 1,
        openedCount: 2,
        sentCount: 3,
        bouncedCount: 0,
        unsubscribedCount: 0,
        respondedCount: 0,
      },
    },
  ],
  total: 10_000,
};

describe('fast-json-stringify for the list pages (issue 11)', () => {
  it('writes a marked schema as zod would', () => {
    const fast = compile(fastSerialized(sentCampaignListSchema.extend({})));
    expect(fast(sentPage)).toBe(zodCompile(sentCampaignListSchema)(sentPage));
    expect(JSON.parse(fast(sentPage))).toEqual(sentPage);
  });

  it('never writes a property the schema does not declare', () => {
    const fast = compile(fastSerialized(sentCampaignListSchema.extend({})));
    const leaky = {
      ...sentPage,
      internal: 'secret',
      items: sentPage.items.map((item) => ({ ...item, userId: 'secret', workspaceId: 'secret' })),
    };
    expect(fast(leaky)).not.toContain('secret');
    expect(JSON.parse(fast(leaky))).toEqual(sentPage);
  });

  it('leaves unmarked schemas to zod, which refuses a wrong answer', () => {
    const schema = z.object({ total: z.number() });
    expect(() => compile(schema)({ total: 'many' })).toThrow();
  });

  it('marks the sent-merges, unsubscription and bounce pages', async () => {
    // The route modules mark the shared domain schemas when they load.
    await import('../modules/campaigns/campaigns.routes');
    await import('../modules/unsubscriptions/unsubscriptions.routes');
    await import('../modules/bounces/bounces.routes');
    expect(
      [sentCampaignListSchema, unsubscriptionListSchema, bounceListSchema].map(isFastSerialized),
    ).toEqual([true, true, true]);
  });
});
