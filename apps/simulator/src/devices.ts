import {
  type ButtonEvent,
  type CommandAction,
  type ElementState,
  ElementType,
  type ElementTypeValue,
  elementLayout,
  HARDWARE_KINDS,
  type HardwareKind,
  type InventoryDevice,
  isEmergencyElement,
  isLightElement,
} from '@lightwell/domain';
import { z } from 'zod';
import { SimEmergency, type SimEmergencyFault, SimEmergencySpecSchema } from './emergency-fitting.ts';

/** Kinds of simulated mesh devices: the hardware kinds of the product catalogue (`packages/domain`). */
export const SIM_DEVICE_KINDS = HARDWARE_KINDS;
export type SimDeviceKind = HardwareKind;

const StoredSceneSchema = z.object({
  onOff: z.union([z.literal(0), z.literal(1)]),
  lightness: z.number().min(0).max(100),
  cct: z.number().int().optional(),
});
export type StoredScene = z.infer<typeof StoredSceneSchema>;

/** A device as configured (a fleet file lists these per gateway). */
export const SimDeviceSpecSchema = z.object({
  mac: z
    .string()
    .transform((value) => value.replace(/[:\-\s]/g, '').toUpperCase())
    .pipe(z.string().regex(/^[0-9A-F]{12}$/)),
  address: z.number().int().min(1).max(0x7fff),
  kind: z.enum(SIM_DEVICE_KINDS),
  model: z.string().min(1).max(64),
  firmwareVersion: z.string().default('1.0.0'),
  hardwareVersion: z.string().default('A1'),
  serialNumber: z.string().default(''),
  /** Rated power in watts (luminaires; used for consumption reports and the D4i active power). */
  ratedPower: z.number().min(0).default(36),
  /** Light state at start. */
  onOff: z.union([z.literal(0), z.literal(1)]).default(1),
  lightness: z.number().min(0).max(100).default(80),
  cct: z.number().int().min(1000).max(20000).default(4000),
  /** Scenes already stored on the device, by scene number (at most 16). */
  scenes: z.record(z.string(), StoredSceneSchema).default({}),
  /** Per-device command latency in ms [min, max]; the gateway's latency when left out. */
  latencyMs: z.tuple([z.number().min(0), z.number().min(0)]).optional(),
  /** Emergency fittings: battery, test and time settings (defaults: 3 h rated, full, real time). */
  emergency: SimEmergencySpecSchema.optional(),
});
export type SimDeviceSpec = z.input<typeof SimDeviceSpecSchema>;

/** Number of scene slots on a luminaire (section 3: a luminaire belongs to at most 16 scenes). */
export const SCENE_SLOTS = 16;

/** Connection of a device to the mesh: reachable, known offline (answers `offline`), or lost (silent). */
export type MeshPresence = 'online' | 'offline' | 'lost';

interface Fade {
  fromLightness: number;
  toLightness: number;
  fromCct: number;
  toCct: number;
  startedAt: number;
  durationMs: number;
}

/** Runtime state of one element. */
export interface SimElement {
  index: number;
  type: ElementTypeValue;
  isD4i: boolean;
  onOff: 0 | 1;
  lightness: number;
  cct: number;
  /** Level to return to when switched on without a level. */
  lastLevel: number;
  lampFault: boolean;
  driverFault: boolean;
  fade: Fade | null;
  triggeredAt: number | null;
  lux: number | null;
  mode: number | null;
  faultBits: number | null;
  bankAt: number | null;
  /** Seconds this element was on since the last consumption report, and energy in Wh. */
  onSeconds: number;
  energyWh: number;
  operatingSeconds: number;
}

/** Outcome of applying an action on one device. */
export type DeviceOutcome = { ok: true } | { ok: false; reason: 'offline' | 'unsupported' | 'fault' };

const nowSeconds = () => Math.floor(Date.now() / 1000);
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** One simulated mesh device with its elements, scenes and settings. */
export class SimDevice {
  readonly spec: z.output<typeof SimDeviceSpecSchema>;
  readonly elements: SimElement[];
  presence: MeshPresence = 'online';
  settings: Record<string, unknown> = {};
  readonly scenes = new Map<number, StoredScene>();
  /** A push button's or panel's luminaires: those its last profile was applied to together with it. */
  buttonGroup: string[] = [];
  /** Sensor triggers not yet reported. */
  pendingTriggers = 0;
  /** The emergency element's battery, tests and faults (devices with an emergency element). */
  readonly emergency: SimEmergency | null;

  constructor(input: SimDeviceSpec) {
    this.spec = SimDeviceSpecSchema.parse(input);
    const { spec } = this;
    for (const [number, scene] of Object.entries(spec.scenes)) this.scenes.set(Number(number), scene);
    const now = nowSeconds();
    this.elements = elementLayout(spec.kind).map((layout, index) => {
      const light = isLightElement(layout.type);
      const on = light ? spec.onOff : 0;
      return {
        index,
        type: layout.type,
        isD4i: layout.isD4i ?? false,
        onOff: on,
        lightness: light && on ? spec.lightness : 0,
        cct: spec.cct,
        lastLevel: spec.lightness || 100,
        lampFault: false,
        driverFault: false,
        fade: null,
        triggeredAt: layout.type === ElementType.motionSensor ? now - 600 : null,
        lux: layout.type === ElementType.lightSensor ? 320 : null,
        mode: isEmergencyElement(layout.type) ? 0 : null,
        faultBits: isEmergencyElement(layout.type) ? 0 : null,
        bankAt: layout.isD4i ? now : null,
        onSeconds: 0,
        energyWh: 0,
        operatingSeconds: 3_600 * 1_200,
      };
    });
    const emergencyElement = this.elements.find((element) => isEmergencyElement(element.type));
    this.emergency = emergencyElement ? new SimEmergency(emergencyElement.index, spec.emergency ?? {}) : null;
  }

  get mac(): string {
    return this.spec.mac;
  }

  /** Whether the device has a light element that obeys light and scene commands. */
  get isLuminaire(): boolean {
    return this.elements.some((element) => isLightElement(element.type));
  }

  /** Whether the device is a push button or a Bluetooth panel (it sends button events). */
  get isButton(): boolean {
    return this.spec.kind === 'pushButton' || this.spec.kind === 'panel';
  }

  /** The action this button's profile gives `event` (section 3 button actions); none without a profile. */
  buttonAction(event: ButtonEvent): { action: string; sceneNumber?: number } {
    const buttons = this.settings.buttons as Record<string, { action: string; sceneNumber?: number }> | undefined;
    return buttons?.[event] ?? { action: 'none' };
  }

  /** The command a button action gives this luminaire: dimming steps 10 % from its present level. */
  buttonCommand(action: { action: string; sceneNumber?: number }): CommandAction | null {
    const level = Math.max(0, ...this.lights().map((element) => (element.onOff ? element.lightness : 0)));
    switch (action.action) {
      case 'on':
        return { op: 'light', onOff: 1, fadeMs: 0 };
      case 'off':
        return { op: 'light', onOff: 0, fadeMs: 0 };
      case 'toggle':
        return { op: 'light', onOff: level > 0 ? 0 : 1, fadeMs: 0 };
      case 'dimUp':
        return { op: 'light', onOff: 1, lightness: Math.min(100, level + 10), fadeMs: 0 };
      case 'dimDown':
        return { op: 'light', onOff: level > 10 ? 1 : 0, lightness: Math.max(0, level - 10), fadeMs: 0 };
      case 'scene':
        return action.sceneNumber === undefined ? null : { op: 'scene', sceneNumber: action.sceneNumber };
      default:
        return null;
    }
  }

  get hasFade(): boolean {
    return this.elements.some((element) => element.fade !== null);
  }

  /**
   * Applies a command action now; answers the outcome. Fades start here and advance on `tick`.
   * `offline` and `lost` devices are handled by the gateway before this is called.
   */
  apply(action: CommandAction, now = Date.now(), taskId: number | null = null): DeviceOutcome {
    switch (action.op) {
      case 'light': {
        if (!this.isLuminaire) return { ok: false, reason: 'unsupported' };
        for (const element of this.lights()) this.setLight(element, action, action.fadeMs, now);
        return { ok: true };
      }
      case 'scene': {
        if (!this.isLuminaire) return { ok: false, reason: 'unsupported' };
        // The console sends each device's stored state along: a device that missed the store gets it first.
        const stored = action.states?.find((state) => state.mac === this.mac);
        if (stored) {
          const outcome = this.apply({ op: 'storeScene', sceneNumber: action.sceneNumber, ...stored }, now);
          if (!outcome.ok) return outcome;
        }
        const scene = this.scenes.get(action.sceneNumber);
        // DALI: recalling a scene the device does not hold ("MASK") leaves it as it is.
        if (scene) for (const element of this.lights()) this.setLight(element, scene, 0, now);
        return { ok: true };
      }
      case 'storeScene': {
        if (!this.isLuminaire) return { ok: false, reason: 'unsupported' };
        if (!this.scenes.has(action.sceneNumber) && this.scenes.size >= SCENE_SLOTS) {
          return { ok: false, reason: 'unsupported' };
        }
        this.scenes.set(action.sceneNumber, {
          onOff: action.onOff,
          lightness: action.lightness,
          ...(action.cct === undefined ? {} : { cct: action.cct }),
        });
        return { ok: true };
      }
      case 'config':
        this.settings = { ...this.settings, ...action.settings, profileId: action.profileId };
        return { ok: true };
      case 'sync':
        return { ok: true };
      case 'emergency':
        if (!this.emergency) return { ok: false, reason: 'unsupported' };
        this.emergency.command(action, taskId, now);
        return { ok: true };
    }
  }

  private lights(): SimElement[] {
    return this.elements.filter((element) => isLightElement(element.type));
  }

  private setLight(
    element: SimElement,
    wanted: { onOff?: 0 | 1 | undefined; lightness?: number | undefined; cct?: number | undefined },
    fadeMs: number,
    now: number,
  ): void {
    let level = element.fade ? element.fade.toLightness : element.onOff ? element.lightness : 0;
    let cct = element.fade ? element.fade.toCct : element.cct;
    if (wanted.lightness !== undefined) {
      level = wanted.lightness;
      if (wanted.onOff === 0) level = 0;
    } else if (wanted.onOff === 1) {
      level = level > 0 ? level : element.lastLevel;
    } else if (wanted.onOff === 0) {
      level = 0;
    }
    if (wanted.cct !== undefined && element.type === ElementType.dt8) cct = clamp(wanted.cct, 2700, 6500);
    if (level > 0) element.lastLevel = level;
    const from = element.onOff ? element.lightness : 0;
    if (fadeMs > 0 && (from !== level || element.cct !== cct)) {
      element.fade = {
        fromLightness: from,
        toLightness: level,
        fromCct: element.cct,
        toCct: cct,
        startedAt: now,
        durationMs: fadeMs,
      };
      element.onOff = 1;
      return;
    }
    element.fade = null;
    element.lightness = level;
    element.onOff = level > 0 ? 1 : 0;
    element.cct = cct;
  }

  /** Advances fades; answers whether anything changed. */
  tick(now = Date.now()): boolean {
    let changed = false;
    for (const element of this.elements) {
      const fade = element.fade;
      if (!fade) continue;
      const progress = clamp((now - fade.startedAt) / fade.durationMs, 0, 1);
      element.lightness =
        Math.round((fade.fromLightness + (fade.toLightness - fade.fromLightness) * progress) * 10) / 10;
      element.cct = Math.round(fade.fromCct + (fade.toCct - fade.fromCct) * progress);
      element.onOff = element.lightness > 0 || progress < 1 ? 1 : 0;
      if (progress >= 1) {
        element.fade = null;
        element.onOff = fade.toLightness > 0 ? 1 : 0;
      }
      changed = true;
    }
    return changed;
  }

  /** Accrues on-time and energy of the light elements over `seconds`. */
  accrue(seconds: number): void {
    for (const element of this.lights()) {
      element.operatingSeconds += seconds;
      if (!element.onOff || element.lightness <= 0) continue;
      element.onSeconds += seconds;
      element.energyWh += (this.spec.ratedPower * (element.lightness / 100) * seconds) / 3600;
    }
  }

  /** Takes the accrued consumption (and resets it), or null when the device has no light. */
  takeConsumption(): { onSeconds: number; energyWh: number } | null {
    const lights = this.lights();
    if (!lights.length) return null;
    let onSeconds = 0;
    let energyWh = 0;
    for (const element of lights) {
      onSeconds = Math.max(onSeconds, Math.round(element.onSeconds));
      energyWh += element.energyWh;
      element.onSeconds = 0;
      element.energyWh = 0;
    }
    return { onSeconds, energyWh: Math.round(energyWh * 1000) / 1000 };
  }

  /** A motion sensor detects someone. */
  trigger(now = nowSeconds()): boolean {
    const element = this.elements.find((candidate) => candidate.type === ElementType.motionSensor);
    if (!element) return false;
    element.triggeredAt = now;
    this.pendingTriggers += 1;
    return true;
  }

  /** A light sensor reads a new level (daylight drifting). */
  driftLux(): boolean {
    const element = this.elements.find((candidate) => candidate.type === ElementType.lightSensor);
    if (!element) return false;
    element.lux = Math.round(clamp((element.lux ?? 300) + (Math.random() - 0.5) * 60, 0, 2000));
    return true;
  }

  /** Raises a fault: lamp or driver on the light elements, or a fault bit on emergency elements. */
  fault(kind: 'lamp' | 'driver' | 'emergency'): boolean {
    let changed = false;
    for (const element of this.elements) {
      if (kind === 'emergency' && isEmergencyElement(element.type)) {
        this.emergency?.fail('circuit');
        changed = true;
      } else if (kind !== 'emergency' && isLightElement(element.type)) {
        if (kind === 'lamp') element.lampFault = true;
        else element.driverFault = true;
        if (element.isD4i) element.bankAt = nowSeconds();
        changed = true;
      }
    }
    return changed;
  }

  /** Clears every fault. */
  clearFaults(): void {
    for (const element of this.elements) {
      element.lampFault = false;
      element.driverFault = false;
      if (element.faultBits !== null) element.faultBits = 0;
    }
    this.emergency?.repair();
  }

  /** Gives the emergency fitting a fault (lamp, battery, circuit, duration); false without one. */
  failEmergency(kind: SimEmergencyFault): boolean {
    if (!this.emergency) return false;
    this.emergency.fail(kind);
    return true;
  }

  /** Section 3 device status flags byte of a light element. */
  private flags(element: SimElement): number {
    let byte = 0;
    if (element.driverFault) byte |= 1;
    if (element.lampFault) byte |= 2;
    if (element.onOff && element.lightness > 0) byte |= 4;
    if (element.fade) byte |= 16;
    return byte;
  }

  /**
   * Raw D4i bank values consistent with section 9 scaling (power factor /100, voltages /10, current
   * /1000, temperatures −60, rated life ×1000, rated starts ×100) for the element's current level.
   */
  d4iBank(element: SimElement) {
    const level = element.onOff ? element.lightness / 100 : 0;
    return {
      gearPowerFactor: level > 0 ? 95 : 50,
      gearExternalVoltage: 2300,
      gearTemperature: Math.round(60 + 25 + 15 * level),
      lightSourceVoltage: level > 0 ? Math.round(380 + 100 * level) : 0,
      lightSourceCurrent: Math.round(700 * level),
      lightSourceTemperature: Math.round(60 + 25 + 30 * level),
      ratedLifeOfLuminaire: 50,
      gearReferenceTemperature: 85,
      ratedLightSourceStarts: 500,
      activePowerValue: Math.round(this.spec.ratedPower * level * 10) / 10,
      gearOperatingTime: Math.round(element.operatingSeconds),
      typeArray: [49, 50, 51, 52],
    };
  }

  /** The element states as a gateway reports them. */
  elementStates(): ElementState[] {
    return this.elements.map((element) => {
      const state: ElementState = { index: element.index, type: element.type };
      if (isLightElement(element.type)) {
        state.onOff = element.onOff;
        state.lightness = element.onOff ? element.lightness : 0;
        if (element.type === ElementType.dt8) state.cct = element.cct;
        state.status = (element.lampFault ? 1 : 0) | (element.driverFault ? 2 : 0);
        state.flags = this.flags(element);
        if (element.isD4i) {
          state.d4i = this.d4iBank(element);
          state.bankAt = element.bankAt ?? nowSeconds();
        }
      }
      if (element.triggeredAt !== null) state.triggeredAt = element.triggeredAt;
      if (element.lux !== null) state.lux = element.lux;
      if (this.emergency && this.emergency.index === element.index) {
        state.mode = this.emergency.mode;
        state.faultBits = this.emergency.faultBits;
      } else {
        if (element.mode !== null) state.mode = element.mode;
        if (element.faultBits !== null) state.faultBits = element.faultBits;
      }
      return state;
    });
  }

  /** The device as listed in an inventory message. */
  inventory(): InventoryDevice {
    const { spec } = this;
    return {
      mac: spec.mac,
      address: spec.address,
      model: spec.model,
      firmwareVersion: spec.firmwareVersion,
      hardwareVersion: spec.hardwareVersion,
      serialNumber: spec.serialNumber,
      online: this.presence === 'online',
      elements: this.elementStates(),
    };
  }
}
