import type { Db } from '../db/client.ts';
import { projects, projectUsers } from '../db/schema.ts';
import { translator } from '../lib/i18n.ts';

/** Creates a project owned by `uid`; the first project of a user is the default one. */
export async function createProject(
  db: Db,
  input: { uid: number; name: string; remarks: string; isDefault: boolean },
): Promise<number> {
  const [project] = await db
    .insert(projects)
    .values({ name: input.name, remarks: input.remarks, createdBy: input.uid })
    .returning({ id: projects.id });
  await db.insert(projectUsers).values({ pid: project!.id, uid: input.uid, isDefault: input.isDefault });
  return project!.id;
}

/** Creates the default project every account starts with, named in the user's language. */
export function createDefaultProject(db: Db, uid: number, language: number): Promise<number> {
  const t = translator(language);
  return createProject(db, {
    uid,
    name: t('defaultProject.name'),
    remarks: t('defaultProject.remarks'),
    isDefault: true,
  });
}
