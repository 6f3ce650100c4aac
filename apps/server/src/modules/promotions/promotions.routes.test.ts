import { describe, expect, it } from 'vitest';
import { promotions } from '../../db/schema';
import { useSeededTestApp } from '../../test/seeded-app';
import { apiPath } from '../../test/api-path';

describe('promotions API', () => {
  const t = useSeededTestApp();

  it('returns the valid active promotions of a placement in order, without signing in', async () => {
    await t.db.insert(promotions).values([
      {
        project: 'mergedesk',
        placement: 'sidebar',
        sortOrder: 0,
        name: 'Switched off',
        description: 'An inactive promotion',
        image: 'data:image/png;base64,AA==',
        type: 'addon',
        url: 'https://off.example',
        productId: 'off',
        active: false,
      },
      {
        project: 'mergedesk',
        placement: 'sidebar',
        sortOrder: 4,
        name: 'Empty product',
        description: 'A promotion with an empty product id',
        image: 'data:image/png;base64,AA==',
        type: 'addon',
        url: 'https://empty.example',
        productId: '',
      },
    ]);
    const response = await t.app.inject({
      method: 'GET',
      url: apiPath('promotions.list', {}, 'project=mergedesk&placement=sidebar'),
    });
    expect(response.statusCode).toBe(200);
    const { items } = response.json<{ items: Array<Record<string, string>> }>();
    expect(items.map((item) => item.name)).toEqual(['FormPilot', 'SheetSync']);
    expect(items[0]).toEqual({
      name: 'FormPilot',
      description: 'Turn form responses into personalised follow-up e-mails.',
      image: expect.stringMatching(/^data:image\/svg\+xml,/) as string,
      type: 'addon',
      url: 'https://formpilot.example/?utm_source=mergedesk',
      productId: 'formpilot',
    });
  });

  it('returns an empty list for another placement', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: apiPath('promotions.list', {}, 'project=mergedesk&placement=footer'),
    });
    expect(response.json()).toEqual({ items: [] });
  });

  it('answers 400 without a placement', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: apiPath('promotions.list', {}, 'project=mergedesk'),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ field: 'placement' }] });
  });
});
