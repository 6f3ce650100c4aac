import { asc, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useSeededTestApp } from '../test/seeded-app';
import { bounces, templates, unsubscriptions } from '../db/schema';
import { DEMO_TEMPLATES, demoSuppressions } from './seed-content';

/** shared/demo-data.md "Content": unsubscriptions, bounces and templates. */
describe('demo seed content', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  const t = useSeededTestApp({ now });

  const typesOf = async (table: typeof unsubscriptions | typeof bounces, spaceName: string) =>
    t.db
      .select({ type: table.type, value: count() })
      .from(table)
      .where(eq(table.workspaceId, t.demo.spaces[spaceName]!))
      .groupBy(table.type)
      .orderBy(asc(table.type));

  it('has 60 unsubscriptions in Acme Sales (some WORKSPACE) and 20 WORKSPACE ones in Acme Premium', async () => {
    expect(await typesOf(unsubscriptions, 'Acme Sales')).toEqual([
      { type: 'PERSONAL', value: 45 },
      { type: 'WORKSPACE', value: 15 },
    ]);
    expect(await typesOf(unsubscriptions, 'Acme Premium')).toEqual([{ type: 'WORKSPACE', value: 20 }]);
  });

  it('has 40 bounces in Acme Sales and 15 WORKSPACE ones in Acme Premium', async () => {
    expect(await typesOf(bounces, 'Acme Sales')).toEqual([
      { type: 'PERSONAL', value: 32 },
      { type: 'WORKSPACE', value: 8 },
    ]);
    expect(await typesOf(bounces, 'Acme Premium')).toEqual([{ type: 'WORKSPACE', value: 15 }]);
  });

  it('has 12 gallery templates in order, each with a subject, thumbnail and preview', async () => {
    const rows = await t.db
      .select({ subject: templates.subject, thumbnail: templates.thumbnail, order: templates.sortOrder })
      .from(templates)
      .orderBy(asc(templates.sortOrder));
    expect(rows.map((row) => row.order)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(rows.every((row) => row.subject !== '' && row.thumbnail.startsWith('data:image/svg+xml,'))).toBe(
      true,
    );
    expect(DEMO_TEMPLATES.every((template) => template.preview.includes('<div'))).toBe(true);
  });

  it('is deterministic: the same entries on every run, in the past, never after now', () => {
    const spec = {
      workspaceId: 'w',
      count: 30,
      seed: 7,
      addedBy: [{ userId: 'u', source: 'MANUAL' as const }],
      typeOf: () => 'PERSONAL' as const,
      overDays: 90,
    };
    const first = demoSuppressions(now, spec);
    expect(demoSuppressions(now, spec)).toEqual(first);
    expect(new Set(first.map((entry) => entry.email)).size).toBe(30);
    for (const entry of first) {
      expect(entry.createdAt!.getTime()).toBeLessThanOrEqual(now.getTime());
      expect(entry.updatedAt!.getTime()).toBeGreaterThanOrEqual(entry.createdAt!.getTime());
      expect(entry.updatedAt!.getTime()).toBeLessThanOrEqual(now.getTime());
    }
  });
});
