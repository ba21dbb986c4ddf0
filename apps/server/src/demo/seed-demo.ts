import type { AppContext } from '../context.ts';
import { findUserByEmail } from '../db/queries/users.ts';
import { users } from '../db/schema.ts';
import { isUniqueViolation } from '../lib/db-errors.ts';
import { translator } from '../lib/i18n.ts';
import { hashPassword } from '../lib/passwords.ts';
import { createProject } from '../services/create-default-project.ts';
import { renewDemoGatewaySecrets, seedDemoInstallation } from './seed-installation.ts';

/** Login of the demo account, shown on the login page in demo mode only. */
export const DEMO_LOGIN = { email: 'demo@lightwell.test', password: 'Lightwell-Demo-1', name: 'Demo' } as const;

/**
 * Creates the demo account, whose default project is the demo project (so a newcomer who signs in lands
 * on its plan), and the demo installation in it (seed-installation.ts), once: an existing demo account is left as it is, also when several
 * processes seed at the same time. Answers the demo uid.
 */
export async function seedDemo(ctx: AppContext): Promise<number> {
  const uid = await seedDemoAccount(ctx);
  await seedDemoInstallation(ctx, uid);
  await renewDemoGatewaySecrets(ctx);
  return uid;
}

async function seedDemoAccount(ctx: AppContext): Promise<number> {
  const existing = await findUserByEmail(ctx.db, DEMO_LOGIN.email);
  if (existing) return existing.id;
  const passwordHash = await hashPassword(DEMO_LOGIN.password);
  const t = translator('en');
  try {
    return await ctx.db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ name: DEMO_LOGIN.name, email: DEMO_LOGIN.email, passwordHash, language: 0 })
        .returning({ id: users.id });
      await createProject(tx, { uid: user!.id, name: t('demo.project'), remarks: t('demo.remarks'), isDefault: true });
      return user!.id;
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return (await findUserByEmail(ctx.db, DEMO_LOGIN.email))!.id;
  }
}
