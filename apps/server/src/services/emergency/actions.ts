import type { DurationKind, EmergencyAction, EmergencyTarget } from '@lightwell/domain';
import type { AppContext } from '../../context.ts';

/** Who starts an emergency action: a user, or a self-test schedule (the scheduling job). */
export type EmergencyActionBy = { userId: number } | { scheduleId: number };

/** An emergency action on fittings of one network. */
export interface EmergencyActionRequest {
  networkId: number;
  target: EmergencyTarget;
  action: EmergencyAction;
  by: EmergencyActionBy;
  /** Gateway to send through; the usual choice (docs/commands.md) when left out. */
  gatewayId?: number;
  /** Duration tests: how long (the fitting's rated time when left out). */
  duration?: { kind: DurationKind; minutes?: number };
  /** Inhibit: minutes (15 when left out). */
  inhibitMinutes?: number;
  /** Tests: most minutes a fitting may hold the test pending (15 when left out). */
  maxDelayMinutes?: number;
  /** What the resulting test records name as start source: a fault's retest, or by `by`. */
  retest?: boolean;
}

/** The task that carries the action and the fittings it covers. */
export interface EmergencyActionStarted {
  taskId: number;
  fittings: number;
}

/**
 * Starts an emergency action as a task (docs/commands.md): resolves the target to the network's emergency
 * fittings, records on each fitting which test was asked for, by whom and by which task (so the result that
 * comes back is graded with its start source), and sends one `emergency` command. Refuses like every
 * command with a `CommandRefusal` (1070-1075), and 1071 when the target holds no fitting. Callers check the
 * caller's role first; the scheduling job passes `{ scheduleId }`.
 */
export async function startEmergencyAction(
  _ctx: AppContext,
  _request: EmergencyActionRequest,
): Promise<EmergencyActionStarted> {
  throw new Error('startEmergencyAction is not implemented yet');
}
