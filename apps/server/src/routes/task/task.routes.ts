import { Code } from '@lightwell/domain';
import { count, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { tasks } from '../../db/schema.ts';
import { serveCall } from '../../http/serve-call.ts';
import { Answer } from '../../lib/call-error.ts';
import { loadNetworkAccess, noPermission } from '../../policies/access.ts';
import { presentTask, type TaskRow } from '../../presenters/task.ts';
import { cancelTask } from '../../services/commands/task-lifecycle.ts';
import { loadTaskDetail, outcomesOf, readTasks } from '../../services/commands/task-store.ts';

/** Loads a task for a member of its network; 1013 for foreign and missing ids alike. */
async function loadTaskFor(ctx: AppContext, uid: number, taskId: number): Promise<TaskRow> {
  const [row] = await ctx.db.select().from(tasks).where(eq(tasks.id, taskId)).limit(1);
  if (!row) throw noPermission();
  await loadNetworkAccess(ctx, uid, row.nid);
  return row;
}

/** Tasks of a network (section 4 task states): list, one with its devices' outcomes, cancel. Every member. */
export function taskRoutes(app: FastifyInstance): void {
  serveCall(app, 'taskList', async ({ ctx, session, payload }) => {
    await loadNetworkAccess(ctx, session.uid, payload.nid);
    const page = await readTasks(ctx.db, async (tx) => {
      const [{ total } = { total: 0 }] = await tx
        .select({ total: count() })
        .from(tasks)
        .where(eq(tasks.nid, payload.nid));
      const rows = await tx
        .select()
        .from(tasks)
        .where(eq(tasks.nid, payload.nid))
        .orderBy(desc(tasks.createdAt), desc(tasks.id))
        .limit(payload.pageSize)
        .offset((payload.page - 1) * payload.pageSize);
      const outcomes = await outcomesOf(
        tx,
        rows.map((r) => r.id),
      );
      const list = rows.map((row) => presentTask(row, outcomes.get(row.id) ?? []));
      return { list, total, page: payload.page, pageSize: payload.pageSize };
    });
    return page.total === 0 ? new Answer(Code.emptyList, page) : page;
  });

  serveCall(app, 'taskGet', async ({ ctx, session, payload }) => {
    const { id } = await loadTaskFor(ctx, session.uid, payload.taskId);
    return readTasks(ctx.db, async (tx) => {
      const [row] = await tx.select().from(tasks).where(eq(tasks.id, id));
      return loadTaskDetail(tx, row!);
    });
  });

  serveCall(app, 'taskCancel', async ({ ctx, session, payload }) =>
    cancelTask(ctx, await loadTaskFor(ctx, session.uid, payload.taskId)),
  );
}
