import type { AckMessage, CommandAction } from '@lightwell/domain';
import type { SimDevice } from './devices.ts';
import type { Ticker } from './ticker.ts';

/** Latency of a device answering a command: a fixed number of ms, or a [min, max] range. */
export type Latency = number | [number, number];

/** What the command runner needs of its gateway. */
export interface CommandRunnerOptions {
  devices: Map<string, SimDevice>;
  /** Device by MAC (any notation). */
  device: (mac: string) => SimDevice | undefined;
  latencyMs?: Latency | undefined;
  ticker: Ticker;
  publishAck: (ack: AckMessage) => void;
  publishState: (devices: SimDevice[], withPresence?: boolean) => void;
  /** Called as a command arrives and as its final ack (`done`) is sent (`CommandStep`). */
  onCommand?: ((taskId: number, step: CommandStep) => void) | undefined;
}

/** A step of a command at the gateway that `onCommand` is told of: it arrived, or its final ack is sent. */
export type CommandStep = 'received' | 'done';

interface RunningTask {
  taskId: number;
  timers: NodeJS.Timeout[];
  waiting: Set<string>;
  lost: number;
  canceled: boolean;
  timeoutMs: number;
  givingUp: boolean;
  /** Every outcome sent so far: the final `done` repeats them (see `finishIfDone`). */
  results: AckMessage['results'];
}

type Results = AckMessage['results'];

/**
 * Carries out the console's commands on the mesh (docs/gateway-protocol.md "Commands"): `received`, then
 * `executing`, per-device results as each device answers after its latency, then `done`; offline devices
 * fail at once, lost ones never answer (the task ends when the console's timeout would), and a cancel ends
 * the devices not yet done as `canceled`. Fades step on the fast tick and are reported as they go.
 */
export class CommandRunner {
  private readonly tasks = new Map<number, RunningTask>();
  private fading = false;

  constructor(private readonly options: CommandRunnerOptions) {}

  /** Starts a command; a redelivered one (same task id) is ignored. */
  execute(taskId: number, targets: { mac: string; address: number }[], action: CommandAction, timeoutMs: number) {
    if (this.tasks.has(taskId)) return;
    this.options.onCommand?.(taskId, 'received');
    this.options.publishAck({ taskId, state: 'received', results: [] });
    this.options.publishAck({ taskId, state: 'executing', results: [] });
    const task: RunningTask = {
      taskId,
      timers: [],
      waiting: new Set(),
      lost: 0,
      canceled: false,
      timeoutMs,
      givingUp: false,
      results: [],
    };
    this.tasks.set(taskId, task);
    const everyone = targets.length === 0 && action.op === 'sync';
    const chosen = everyone
      ? [...this.options.devices.values()].map((device) => ({ mac: device.mac, address: device.spec.address }))
      : targets;
    if (action.op === 'config') this.groupButtons(chosen.map((target) => target.mac));
    const { immediate, byDelay } = this.plan(task, chosen);
    if (immediate.length) {
      task.results.push(...immediate);
      this.options.publishAck({ taskId, state: 'executing', results: immediate });
    }
    for (const [delay, batch] of byDelay) {
      task.timers.push(setTimeout(() => this.complete(task, batch, action), delay));
    }
    this.finishIfDone(task);
  }

  /** Sorts the targets: failed at once (unknown or offline), lost (never answer), or answering after a delay. */
  private plan(task: RunningTask, targets: { mac: string; address: number }[]) {
    const immediate: Results = [];
    const byDelay = new Map<number, SimDevice[]>();
    for (const target of targets) {
      const device = this.options.device(target.mac);
      if (!device || device.spec.address !== target.address || device.presence === 'offline') {
        immediate.push({ mac: target.mac, ok: false, reason: 'offline' });
        continue;
      }
      if (device.presence === 'lost') {
        task.lost += 1;
        continue;
      }
      task.waiting.add(device.mac);
      const delay = this.latency(device);
      const batch = byDelay.get(delay);
      if (batch) batch.push(device);
      else byDelay.set(delay, [device]);
    }
    return { immediate, byDelay };
  }

  /**
   * Buttons and panels configured by one profile command control the luminaires configured with them
   * (a profile is applied per zone), as a real mesh groups them by publish address.
   */
  private groupButtons(macs: string[]): void {
    const devices = macs.map((mac) => this.options.device(mac)).filter((device) => device !== undefined);
    const lights = devices.filter((device) => device.isLuminaire).map((device) => device.mac);
    for (const device of devices) if (device.isButton) device.buttonGroup = lights;
  }

  private latency(device: SimDevice): number {
    const latency = device.spec.latencyMs ?? this.options.latencyMs ?? [20, 150];
    if (typeof latency === 'number') return latency;
    const [min, max] = latency;
    return Math.round(min + Math.random() * (max - min));
  }

  private complete(task: RunningTask, batch: SimDevice[], action: CommandAction): void {
    if (task.canceled || !this.tasks.has(task.taskId)) return;
    const now = Date.now();
    const results: Results = [];
    const changed: SimDevice[] = [];
    for (const device of batch) {
      task.waiting.delete(device.mac);
      if (device.presence === 'lost') {
        task.lost += 1;
        continue;
      }
      if (device.presence === 'offline') {
        results.push({ mac: device.mac, ok: false, reason: 'offline' });
        continue;
      }
      const outcome = device.apply(action, now, task.taskId);
      results.push(outcome.ok ? { mac: device.mac, ok: true } : { mac: device.mac, ok: false, reason: outcome.reason });
      if (outcome.ok && action.op !== 'storeScene' && action.op !== 'config') changed.push(device);
      if (device.hasFade) this.startFading();
    }
    this.options.publishState(changed, action.op === 'sync');
    if (results.length) {
      task.results.push(...results);
      // The last outcomes travel in `done` alone, which repeats every outcome anyway.
      const last = task.waiting.size === 0 && task.lost === 0;
      if (!last) this.options.publishAck({ taskId: task.taskId, state: 'executing', results });
    }
    this.finishIfDone(task);
  }

  /**
   * Sends `done` once no device is waiting. It repeats every outcome: with several console processes on
   * one broker, acks of one gateway may be applied by different processes in any order, so the final
   * ack must be complete on its own.
   */
  private finishIfDone(task: RunningTask): void {
    if (task.waiting.size > 0) return;
    if (task.lost === 0) {
      this.tasks.delete(task.taskId);
      this.options.onCommand?.(task.taskId, 'done');
      this.options.publishAck({ taskId: task.taskId, state: 'done', results: task.results });
      return;
    }
    // Lost devices never answer: the gateway gives up when the console does, without their results.
    if (!task.givingUp) {
      task.givingUp = true;
      task.timers.push(
        setTimeout(() => {
          if (!this.tasks.delete(task.taskId)) return;
          this.options.onCommand?.(task.taskId, 'done');
          this.options.publishAck({ taskId: task.taskId, state: 'done', results: task.results });
        }, task.timeoutMs),
      );
    }
  }

  /** Cancels a running task: the devices not yet done are reported `canceled`. */
  cancel(taskId: number): void {
    const task = this.tasks.get(taskId);
    if (!task) return;
    task.canceled = true;
    for (const timer of task.timers) clearTimeout(timer);
    this.tasks.delete(taskId);
    const results = [...task.waiting].map((mac) => ({ mac, ok: false, reason: 'canceled' as const }));
    this.options.publishAck({ taskId, state: 'canceled', results });
  }

  /** Forgets every running task without answering (the connection is gone). */
  cancelAll(): void {
    for (const task of this.tasks.values()) for (const timer of task.timers) clearTimeout(timer);
    this.tasks.clear();
  }

  private startFading(): void {
    if (this.fading) return;
    this.fading = true;
    this.options.ticker.whileBusy((now) => {
      const changed = [...this.options.devices.values()].filter((device) => device.hasFade && device.tick(now));
      this.options.publishState(changed);
      const still = changed.some((device) => device.hasFade);
      this.fading = still;
      return still;
    });
  }
}
