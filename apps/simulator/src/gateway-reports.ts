import { ElementType } from '@lightwell/domain';
import type { SimDevice } from './devices.ts';
import { occupancyChance } from './energy-model.ts';
import type { HistorySender } from './gateway-history.ts';
import type { SimMesh } from './mesh.ts';
import type { NumberedReport, UnnumberedReport } from './report-buffer.ts';

/** What a gateway's live reports need of it. */
export interface LiveReportsOptions {
  mesh: SimMesh;
  devices: Map<string, SimDevice>;
  /** With the console's URL, triggers, consumption and emergency reports also go to the mesh-prefix calls. */
  httpUrl?: string | undefined;
  /** Period of consumption and readings reports (default 5 minutes; 0 off). */
  reportPeriodMs?: number | undefined;
  /** Mean time between motion-sensor triggers per sensor (default 2 minutes; 0 off). */
  sensorMeanMs?: number | undefined;
  /** The slow tick's period in ms. */
  slowMs: number;
  history: HistorySender;
  /** Numbers, buffers and (when connected) sends a report. */
  publishReport: (report: UnnumberedReport) => NumberedReport;
  publishState: (devices: SimDevice[]) => void;
  postMesh: (path: string, fields: Record<string, unknown>) => void;
}

const seconds = (ms: number) => Math.floor(ms / 1000);
/** A report's fields as its mesh-prefix HTTP call takes them. */
const withoutKind = ({ kind: _kind, ...fields }: NumberedReport) => fields;

/**
 * What the mesh's reporting gateway sends on its own (docs/gateway-protocol.md "Reports"): motion triggers
 * that follow the office's day, the fittings' emergency reports, and every period the light-sensor
 * readings, consumption (section-7 gateways) and the `readings` report of every online device.
 */
export class LiveReports {
  private nextReportAt = 0;
  private period: number;

  constructor(private readonly options: LiveReportsOptions) {
    this.period = options.reportPeriodMs ?? 300_000;
  }

  /** Changes the period of consumption and readings reports (0 stops them). */
  setPeriod(ms: number): void {
    this.period = ms;
    this.nextReportAt = 0;
  }

  /** A slow tick of the gateway that reports the mesh: triggers, emergency reports, readings when due. */
  tick(now: number): void {
    this.triggerSensors(now);
    for (const device of this.options.devices.values()) if (device.emergency) this.sendEmergency(device, now);
    this.whenDue(now, false);
  }

  /** Motion follows the office's day: most in working hours, little at night and at weekends. */
  private triggerSensors(now: number): void {
    const sensorMean = this.options.sensorMeanMs ?? 120_000;
    if (sensorMean <= 0) return;
    const chance = (this.options.slowMs / sensorMean) * Math.max(0.2, occupancyChance(new Date(now)) / 0.75);
    const triggered = [...this.options.devices.values()].filter(
      (device) =>
        device.presence === 'online' &&
        device.spec.kind === 'motionSensor' &&
        Math.random() < chance &&
        device.trigger(seconds(now)),
    );
    if (triggered.length) {
      this.options.publishState(triggered);
      for (const device of triggered) this.sendTrigger(device, now);
    }
  }

  /** The periodic report once due; `offline`: only the readings, counted into the buffer meanwhile. */
  whenDue(now: number, offline: boolean): void {
    const period = this.period;
    if (period <= 0) return;
    if (this.nextReportAt === 0) this.nextReportAt = now + Math.random() * period;
    if (now < this.nextReportAt) return;
    this.nextReportAt = now + period;
    if (offline) this.readings(now);
    else this.report(now);
  }

  /**
   * Fresh light-sensor readings and the readings report. On-time travels one way (docs/gateway-protocol.md
   * "Readings"): in the readings, or, for a gateway using the section-7 calls, as a `consume` report per
   * luminaire (numbered, and posted to `/SigMesh/report/light/consume`).
   */
  private report(now: number): void {
    const luxChanged: SimDevice[] = [];
    for (const device of this.options.devices.values()) {
      if (device.presence !== 'online') continue;
      if (device.driftLux()) luxChanged.push(device);
      const consumption = device.takeConsumption();
      if (!consumption || !this.options.httpUrl) continue;
      const report = this.options.publishReport({ kind: 'consume', mac: device.mac, at: seconds(now), ...consumption });
      this.options.postMesh('/SigMesh/report/light/consume', withoutKind(report));
    }
    this.options.publishState(luxChanged);
    this.readings(now);
  }

  /** A `readings` report now, outside the period (a scenario's stream of reports). */
  readingsNow(now: number): void {
    this.readings(now);
  }

  /** A `readings` report of every online device's counters (in chunks of the schema's 2000 devices). */
  private readings(now: number): void {
    const { mesh } = this.options;
    mesh.earliestReadings ??= mesh.historyEnd(now);
    const readings = [...this.options.devices.values()]
      .filter((device) => device.presence === 'online')
      .map((device) => mesh.meters.get(device.mac)?.take(Boolean(this.options.httpUrl)) ?? null)
      .filter((reading) => reading !== null);
    for (let start = 0; start < readings.length; start += 2000) {
      const report: UnnumberedReport = {
        kind: 'readings',
        at: seconds(now),
        devices: readings.slice(start, start + 2000),
      };
      if (!this.options.history.holdBack(report)) this.options.publishReport(report);
    }
  }

  /** Reports a motion sensor's triggers not reported yet. */
  sendTrigger(device: SimDevice, now: number): void {
    const count = device.pendingTriggers;
    device.pendingTriggers = 0;
    if (count <= 0) return;
    // A trigger is reported one way: as a section-7 call (with its readings) when the gateway uses them,
    // else counted into the next `readings` report (its time already went with the state message).
    if (!this.options.httpUrl) {
      this.options.mesh.meters.get(device.mac)?.countTriggers(count);
      return;
    }
    const motion = device.elements.find((element) => element.type === ElementType.motionSensor);
    const report = this.options.publishReport({ kind: 'sensorTrigger', mac: device.mac, at: seconds(now), count });
    this.options.postMesh('/SigMesh/report/sensor/trigger', {
      ...withoutKind(report),
      ...(motion ? { elements: [{ index: motion.index, triggers: count }] } : {}),
    });
  }

  /** Sends a fitting's emergency report when one is due (a change, a test that ended, or hourly). */
  sendEmergency(device: SimDevice, now: number): void {
    const fields = device.emergency?.takeReport(now);
    if (!fields || device.presence !== 'online') return;
    const report = this.options.publishReport({ kind: 'emergency', mac: device.mac, at: seconds(now), ...fields });
    this.options.publishState([device]);
    if (this.options.httpUrl) this.options.postMesh('/SigMesh/report/emergency/node', withoutKind(report));
  }
}
