import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { templates } from '../../db/schema';

/** Reads of the template gallery (templates.repo.ts holds the seed's writes). */
export type TemplateRecord = {
  id: string;
  subject: string;
  thumbnail: string;
  preview: string;
  order: number;
};

const templateColumns = {
  id: templates.id,
  subject: templates.subject,
  thumbnail: templates.thumbnail,
  preview: templates.preview,
  order: templates.sortOrder,
};

/** The gallery in its order (spec 002 §7: sorted by order). */
export async function listTemplates(db: Executor): Promise<TemplateRecord[]> {
  return db.select(templateColumns).from(templates).orderBy(asc(templates.sortOrder), asc(templates.id));
}

export async function findTemplate(db: Executor, id: string): Promise<TemplateRecord | undefined> {
  const [row] = await db.select(templateColumns).from(templates).where(eq(templates.id, id));
  return row;
}
