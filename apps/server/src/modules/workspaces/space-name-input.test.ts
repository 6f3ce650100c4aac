import { SPACE_NAME_CHARACTER_MESSAGES } from '@mergedesk/domain/spaces/space-name';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { workspaces } from '../../db/schema';
import { bearer } from '../../test/test-app';
import { useSeededTestApp } from '../../test/seeded-app';
import { apiPath } from '../../test/api-path';

/**
 * Issue 6 "Input": a NUL in a space name answered 500 on create and rename; invisible and
 * right-to-left override names were stored. Each is now a 400 with the name rule's message and
 * reason, and nothing is written.
 */
describe('space names: characters (create and rename)', () => {
  const t = useSeededTestApp();

  const refused: [string, keyof typeof SPACE_NAME_CHARACTER_MESSAGES][] = [
    ['Acme\u0000Sales', 'CONTROL_CHARACTERS'],
    ['Acme Sales\u0007', 'CONTROL_CHARACTERS'],
    ['Acme \ud800 Sales', 'INVALID_UNICODE'],
    ['\u200b\u200b\u200b\u200b\u200b\u200b', 'NO_VISIBLE_CHARACTERS'],
    ['\u3164\u3164\u3164\u3164\u3164', 'NO_VISIBLE_CHARACTERS'],
    ['Acme \u202eselaS', 'DIRECTION_OVERRIDES'],
    ['\u2066Acme Sales\u2069', 'DIRECTION_OVERRIDES'],
  ];

  const spaceCount = async () => (await t.db.select({ id: workspaces.id }).from(workspaces)).length;

  it.each(refused)('POST refuses %j (%s), writing nothing', async (workspaceName, reason) => {
    const before = await spaceCount();
    const response = await t.app.inject({
      method: 'POST',
      url: apiPath('workspaces.create'),
      headers: bearer(await t.signIn('gina@gmail.com')),
      payload: { workspaceName, userId: t.demo.users['gina@gmail.com'] },
    });
    const message = SPACE_NAME_CHARACTER_MESSAGES[reason];
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errors: [{ field: 'workspaceName', message, reason }],
      code: 'VALIDATION_FAILED',
      message,
    });
    expect(await spaceCount()).toBe(before);
  });

  it.each(refused)('PUT refuses %j (%s), keeping the old name', async (workspaceName, reason) => {
    const id = t.demo.spaces['Acme Sales']!;
    const response = await t.app.inject({
      method: 'PUT',
      url: apiPath('workspaces.update', { id }),
      headers: bearer(await t.signIn('olivia@acme.test')),
      payload: { workspaceName },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ reason }] });
    const [stored] = await t.db
      .select({ name: workspaces.name })
      .from(workspaces)
      .where(eq(workspaces.id, id));
    expect(stored).toEqual({ name: 'Acme Sales' });
  });

  it('accepts names in any script, with emoji and joiners', async () => {
    const id = t.demo.spaces['Acme Sales']!;
    for (const workspaceName of ['Équipe Zürich', 'فريق المبيعات', '营销团队五', 'Team 👩‍💻 rocks']) {
      const response = await t.app.inject({
        method: 'PUT',
        url: apiPath('workspaces.update', { id }),
        headers: bearer(await t.signIn('olivia@acme.test')),
        payload: { workspaceName },
      });
      expect(response.statusCode).toBe(200);
    }
  });
});
