import {
  type AckMessage,
  CancelMessageSchema,
  type CommandMessage,
  CommandMessageSchema,
  type DeviceFailure,
  gatewayTopic,
} from '@lightwell/domain';
import mqtt, { type MqttClient } from 'mqtt';
import type { Db } from '../../db/client.ts';
import { devices, gateways } from '../../db/schema.ts';
import { hashGatewaySecret } from '../../gateway-link/credentials.ts';

/** How a test gateway answers commands: execute them (some devices may fail), or stay silent. */
export interface GatewayBehaviour {
  /** 'execute' answers received, executing with results, done; 'silent' answers nothing. */
  mode: 'execute' | 'silent';
  /** Devices (by MAC) that fail, with the reason the gateway gives. */
  failing?: Map<string, DeviceFailure>;
  /** Whether a cancel is confirmed with a 'canceled' ack. */
  confirmCancel?: boolean;
}

/**
 * A gateway for API tests that talks to the test app only over MQTT, as a real one does: it logs in to
 * the app's broker with its own credentials, takes commands on its command topic and answers acks.
 */
export class TestGateway {
  readonly commands: CommandMessage[] = [];
  readonly cancels: number[] = [];
  behaviour: GatewayBehaviour = { mode: 'execute', confirmCancel: true };
  private closing = false;

  private constructor(
    readonly id: number,
    readonly sn: string,
    private readonly client: MqttClient,
  ) {
    client.on('message', (_topic, payload) => this.handle(JSON.parse(payload.toString('utf8'))));
  }

  /** Inserts a gateway row with a known secret in `nid` and connects it to the broker at `brokerUrl`. */
  static async start(
    db: Db,
    brokerUrl: string,
    nid: number,
    row: Partial<typeof gateways.$inferInsert> = {},
  ): Promise<TestGateway> {
    const sn = `gw-test-${Math.random().toString(36).slice(2, 10)}`;
    const secret = `secret-${sn}`;
    const [gateway] = await db
      .insert(gateways)
      .values({
        nid,
        sn,
        name: sn,
        secretHash: hashGatewaySecret(secret),
        gatewayType: 3,
        status: 2,
        meshStatus: 1,
        ...row,
      })
      .returning();
    const client = await mqtt.connectAsync(brokerUrl, {
      username: sn,
      password: secret,
      clientId: sn,
      reconnectPeriod: 0,
    });
    await client.subscribeAsync(gatewayTopic(sn, 'command'), { qos: 1 });
    return new TestGateway(gateway!.id, sn, client);
  }

  /** Publishes an ack as this gateway. */
  async ack(message: AckMessage): Promise<void> {
    await this.client.publishAsync(gatewayTopic(this.sn, 'ack'), JSON.stringify(message), { qos: 1 });
  }

  /** Disconnects; answers still on their way to a command or cancel are dropped, as a real gateway's would be. */
  close(): Promise<void> {
    this.closing = true;
    return this.client.endAsync();
  }

  /** Runs an answer started from a received message; once closing, its failure is expected and dropped. */
  private answer(work: Promise<void>): void {
    work.catch((error: unknown) => {
      if (!this.closing) throw error;
    });
  }

  private handle(body: unknown): void {
    const cancel = CancelMessageSchema.safeParse(body);
    if (cancel.success) {
      this.cancels.push(cancel.data.cancelTaskId);
      if (this.behaviour.confirmCancel)
        this.answer(this.ack({ taskId: cancel.data.cancelTaskId, state: 'canceled', results: [] }));
      return;
    }
    const command = CommandMessageSchema.parse(body);
    this.commands.push(command);
    if (this.behaviour.mode === 'silent') return;
    this.answer(this.execute(command));
  }

  private async execute(command: CommandMessage): Promise<void> {
    const failing = this.behaviour.failing ?? new Map<string, DeviceFailure>();
    await this.ack({ taskId: command.taskId, state: 'received', results: [] });
    const results = command.targets.map((t) => {
      const reason = failing.get(t.mac);
      return reason ? { mac: t.mac, ok: false, reason } : { mac: t.mac, ok: true };
    });
    await this.ack({ taskId: command.taskId, state: 'executing', results });
    await this.ack({ taskId: command.taskId, state: 'done', results: [] });
  }
}

let macCounter = 0;

/** Inserts `count` luminaires (real, with mesh addresses) in `nid`; the first `offline` are offline. */
export async function buildLuminaires(db: Db, nid: number, gatewayId: number, count: number, offline = 0) {
  const rows = Array.from({ length: count }, (_, i) => {
    macCounter += 1;
    const mac = `AA00${nid.toString(16).padStart(4, '0')}${macCounter.toString(16).padStart(4, '0')}`.toUpperCase();
    return {
      nid,
      gatewayId,
      kind: 'luminaire',
      name: `Light ${String(i + 1).padStart(2, '0')}`,
      model: 'LW-DT6',
      mac,
      address: i + 2,
      online: i >= offline,
    };
  });
  return db.insert(devices).values(rows).returning();
}
