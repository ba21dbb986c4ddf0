import type { InventoryRequest, ReportConfirm, ResendRequest } from '@lightwell/domain';
import type { LinkedGateway } from '../../link-types.ts';
import { RESEND_REQUEST_INTERVAL_MS, reportMarks, type StoreOutcome } from '../../telemetry/index.ts';
import { claimInventoryRequest } from '../channels/device-writes.ts';
import type { StageContext } from './contracts.ts';

/*
 * Stage 5, confirm: after each commit, every gateway that started its report stream hears on its command
 * topic what is stored up to, and the missing range it is asked to send again (docs/gateway-protocol.md
 * "Durable reports"); a gateway whose readings named unknown devices is asked for its inventory.
 */

/** The confirm stage of a link. */
export interface Confirmer {
  /** Tells each gateway of the outcomes what is stored (called after each commit). */
  confirm(outcomes: StoreOutcome[]): void;
  /** Asks a gateway for its full inventory, saying why in the log. */
  requestInventory(gateway: LinkedGateway, why: string): void;
  /** Stops reminding gateways of their holes. */
  close(): void;
}

/** The confirm stage, sending commands with `send` (a message to a gateway's command topic). */
export function createConfirmer(
  { db, log, now }: StageContext,
  send: (gatewaySn: string, message: unknown) => Promise<void>,
): Confirmer {
  let closed = false;

  function requestInventory(gateway: LinkedGateway, why: string): void {
    log.info({ sn: gateway.sn }, `${why}: full inventory requested`);
    const request: InventoryRequest = { sendInventory: true };
    send(gateway.sn, request).catch((error: unknown) =>
      log.warn({ err: error, sn: gateway.sn }, 'inventory request not sent'),
    );
  }

  function confirm(outcomes: StoreOutcome[]): void {
    for (const { gateway, mark, strangers } of outcomes) {
      // Readings of devices without an inventory were dropped: the gateway is asked for it, so they are
      // known by its next readings (at most once per interval across processes).
      if (strangers) {
        claimInventoryRequest(db, gateway.id, now()).then(
          (claimed) => claimed && requestInventory(gateway, 'readings of unknown devices'),
          (error: unknown) => log.warn({ err: error, sn: gateway.sn }, 'inventory request not claimed'),
        );
      }
      if (!mark) continue;
      if (mark.hole && !mark.resend) remindLater(gateway);
      const messages: (ReportConfirm | ResendRequest)[] = [{ storedUpTo: mark.storedUpTo }];
      if (mark.resend) messages.push({ resend: mark.resend });
      for (const message of messages) {
        send(gateway.sn, message).catch((error: unknown) =>
          log.warn({ err: error, sn: gateway.sn }, 'report confirmation not sent'),
        );
      }
    }
  }

  /** Gateways with a hole whose request was throttled: asked again once the interval has passed. */
  const holes = new Map<number, LinkedGateway>();
  let holeTimer: NodeJS.Timeout | null = null;
  function remindLater(gateway: LinkedGateway): void {
    holes.set(gateway.id, gateway);
    if (holeTimer || closed) return;
    holeTimer = setTimeout(() => {
      holeTimer = null;
      const due = [...holes.values()];
      holes.clear();
      if (closed) return;
      reportMarks(db, due, now()).then(confirm, (error: unknown) =>
        log.warn({ err: error }, 'report holes not checked'),
      );
    }, RESEND_REQUEST_INTERVAL_MS + 100);
    holeTimer.unref();
  }

  return {
    confirm,
    requestInventory,
    close() {
      closed = true;
      if (holeTimer) clearTimeout(holeTimer);
    },
  };
}
