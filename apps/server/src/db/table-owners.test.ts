import { is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PENDING_TABLE_IMPORTS, TABLE_OWNERS } from '../../table-owners.mjs';
import * as schema from './schema';

const tableNames = Object.entries(schema)
  .filter(([, value]) => is(value, PgTable))
  .map(([name]) => name)
  .sort();

describe('table owners (apps/server/table-owners.mjs, the lint fence of issue 23)', () => {
  it('gives every table of the schema exactly one owner, and names no table the schema lacks', () => {
    expect(Object.keys(TABLE_OWNERS).sort()).toEqual(tableNames);
  });

  it('names owners and pending importers that are folders of apps/server/src', () => {
    const folders = [...Object.values(TABLE_OWNERS), ...Object.keys(PENDING_TABLE_IMPORTS)];
    for (const folder of folders)
      expect(existsSync(resolve(import.meta.dirname, '..', folder)), folder).toBe(true);
  });

  it('lets a folder import only tables it does not own as pending exceptions', () => {
    for (const [folder, tables] of Object.entries(PENDING_TABLE_IMPORTS)) {
      for (const table of tables) expect(TABLE_OWNERS[table], `${folder} ${table}`).not.toBe(folder);
    }
  });
});
