import { type DeviceReading, type ElementReading, ElementType, isLightElement } from '@lightwell/domain';
import type { SimDevice } from './devices.ts';

/*
 * What a device's driver or sensor counts between readings reports, with plausible daily and weekly
 * patterns: offices are occupied on weekday working hours, hardly at weekends; luminaires near windows
 * (every third address) dim with daylight around midday. Only a D4i driver (a light element the fleet
 * declares D4i, kind `d4i`) holds an energy counter and active power (Part 252 bank 202) and the D4i bank;
 * any other luminaire reports what it knows: its on-time and the light level it ran at.
 */

/** Energy counter unit: 0.1 Wh (D4i scale −1). */
const SCALE = -1;
const UNITS_PER_WH = 10;

/** Chance that a space is occupied at `at` (local time of the simulator's clock). */
export function occupancyChance(at: Date): number {
  const day = at.getDay();
  const hour = at.getHours() + at.getMinutes() / 60;
  if (day === 0 || day === 6) return hour >= 10 && hour < 14 ? 0.08 : 0.02;
  if (hour >= 8 && hour < 12.5) return 0.75;
  if (hour >= 12.5 && hour < 13.5) return 0.35;
  if (hour >= 13.5 && hour < 18) return 0.7;
  if (hour >= 7 && hour < 20) return 0.15;
  return 0.01;
}

/** Daylight 0..1 at `at`: a sine between 07:00 and 19:00. */
export function daylight(at: Date): number {
  const hour = at.getHours() + at.getMinutes() / 60;
  if (hour <= 7 || hour >= 19) return 0;
  return Math.sin(((hour - 7) / 12) * Math.PI);
}

/** One device's counters between reports. */
export class DeviceMeter {
  private driver = 1;
  /** Cumulative energy in 0.1 Wh (a driver comes with a life behind it). */
  raw: number;
  private fraction = 0;
  private onSeconds = 0;
  private triggers = 0;
  private occupiedSeconds = 0;
  /** Σ light level × seconds while on, for the interval's time-weighted mean level. */
  private levelSeconds = 0;
  private powerW = 0;

  constructor(private readonly device: SimDevice) {
    this.raw = Math.round(Math.random() * 20_000_000);
  }

  /** The driver's serial number (a new driver, a new serial). */
  get serial(): string {
    return `DRV-${this.device.mac.slice(-6)}-${this.driver}`;
  }
  private get nearWindow(): boolean {
    return this.device.spec.address % 3 === 0;
  }

  /** Counts `seconds` ending at `at`, with the light as the device has it now. */
  accrue(seconds: number, at: Date): void {
    const light = this.device.elements.find((element) => isLightElement(element.type));
    if (light) {
      const on = light.onOff === 1 && light.lightness > 0 && !light.driverFault;
      this.accrueLight(seconds, at, on ? light.lightness : 0);
    }
    if (this.device.elements.some((element) => element.type === ElementType.motionSensor)) {
      if (Math.random() < occupancyChance(at)) this.occupiedSeconds += seconds;
    }
  }

  /**
   * Counts `seconds` ending at `at` with the light at `level` (0-100, 0 off): the driver's counter, power,
   * on-time and level, dimmed by daylight near windows (the level it runs at is lower). The history replays
   * the office's day through it.
   */
  accrueLight(seconds: number, at: Date, level: number): void {
    const dimming = this.nearWindow ? 1 - 0.7 * daylight(at) : 1;
    const running = level * dimming;
    this.powerW = level > 0 ? this.device.spec.ratedPower * (running / 100) : 0;
    if (level > 0) {
      this.onSeconds += seconds;
      this.levelSeconds += running * seconds;
    }
    this.fraction += (this.powerW * seconds * UNITS_PER_WH) / 3600;
    const whole = Math.floor(this.fraction);
    this.raw += whole;
    this.fraction -= whole;
  }

  /** A motion sensor saw the space occupied for `seconds`. */
  countOccupied(seconds: number): void {
    this.occupiedSeconds += seconds;
  }

  /** Motion triggers to report with the next readings (the gateway's motion events). */
  countTriggers(count: number): void {
    this.triggers += count;
  }

  /** The counter is reset to 0 (a resettable counter written, or a driver that lost it). */
  resetCounter(): void {
    this.raw = 0;
    this.fraction = 0;
  }

  /** A new driver: another serial number, with its own counter. */
  swapDriver(): void {
    this.driver += 1;
    this.raw = Math.round(Math.random() * 1_000_000);
    this.fraction = 0;
  }

  /**
   * The readings of the interval since the last call, and starts a new interval. A D4i driver reports its
   * energy counter, active power and bank; every luminaire its on-time and the time-weighted mean of the
   * level it was on at (`meanLightness`). Triggers and on-time (with the level) are left out when they went
   * as section-7 calls, `sensorTrigger` and `consume` (each is reported one way only).
   */
  take(viaCalls = false): DeviceReading | null {
    const elements: ElementReading[] = [];
    const light = this.device.elements.find((element) => isLightElement(element.type));
    if (light) {
      const onSeconds = Math.round(this.onSeconds);
      const meanLightness = this.onSeconds > 0 ? Math.round((this.levelSeconds / this.onSeconds) * 10) / 10 : null;
      elements.push({
        index: light.index,
        ...(light.isD4i
          ? {
              energy: { raw: this.raw, scale: SCALE, serial: this.serial, source: 'd4i' as const },
              power: { raw: Math.round(this.powerW * 10), scale: -1 },
            }
          : {}),
        ...(viaCalls ? {} : { onSeconds }),
        ...(viaCalls || meanLightness === null ? {} : { meanLightness }),
        ...(light.isD4i ? { d4i: this.device.d4iBank(light) } : {}),
      });
    }
    const sensor = this.device.elements.find((element) => element.type === ElementType.motionSensor);
    if (sensor) {
      elements.push({
        index: sensor.index,
        ...(viaCalls ? {} : { triggers: this.triggers }),
        occupiedSeconds: Math.round(this.occupiedSeconds),
      });
    }
    this.onSeconds = 0;
    this.levelSeconds = 0;
    this.triggers = 0;
    this.occupiedSeconds = 0;
    return elements.length > 0 ? { mac: this.device.mac, elements } : null;
  }
}
