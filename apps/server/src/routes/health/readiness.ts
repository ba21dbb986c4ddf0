import type { AppContext } from '../../context.ts';
import { databaseAnswers, migrationsApplied } from '../../db/readiness.ts';

/** What `GET /readyz` checks, each true when it holds. */
interface ReadinessChecks {
  database: boolean;
  migrations: boolean;
  broker: boolean;
}

/** How long a check may take before it counts as failed: a probe must answer, even when the database hangs. */
const CHECK_TIMEOUT_MS = 2000;

/** `check`, or false when it takes longer than `CHECK_TIMEOUT_MS`. */
async function within(check: Promise<boolean>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([check, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The readiness of one server process: the database answers a query, it has every migration of this build,
 * and the console's MQTT connection to the broker is up. Two one-row reads; probes arriving while a check
 * runs share its answer, so a hanging database is not asked again by each of them.
 */
export function readinessOf(ctx: AppContext): () => Promise<ReadinessChecks> {
  let running: Promise<ReadinessChecks> | null = null;
  const check = async (): Promise<ReadinessChecks> => {
    const database = await within(databaseAnswers(ctx.db));
    const migrations = database && (await within(migrationsApplied(ctx.db)));
    return { database, migrations, broker: ctx.link.connected };
  };
  return () => {
    running ??= check().finally(() => {
      running = null;
    });
    return running;
  };
}
