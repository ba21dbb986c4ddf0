import {
  type ButtonEvent,
  type CommandAction,
  type ElementState,
  ElementType,
  type InventoryDevice,
  isEmergencyElement,
  isLightElement,
} from '@lightwell/domain';
import type { z } from 'zod';
import { advanceFade, createElements, d4iBank, type SimElement, setLight, statusFlags } from './device-elements.ts';
import {
  type MeshPresence,
  SCENE_SLOTS,
  type SimDeviceSpec,
  SimDeviceSpecSchema,
  type StoredScene,
} from './device-spec.ts';
import { SimEmergency, type SimEmergencyFault } from './emergency-fitting.ts';

export type { SimElement } from './device-elements.ts';
export {
  type MeshPresence,
  SCENE_SLOTS,
  SIM_DEVICE_KINDS,
  type SimDeviceKind,
  type SimDeviceSpec,
  SimDeviceSpecSchema,
  type StoredScene,
} from './device-spec.ts';

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
    this.elements = createElements(spec);
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
        for (const element of this.lights()) setLight(element, action, action.fadeMs, now);
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
        if (scene) for (const element of this.lights()) setLight(element, scene, 0, now);
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

  /** Advances fades; answers whether anything changed. */
  tick(now = Date.now()): boolean {
    let changed = false;
    for (const element of this.elements) if (advanceFade(element, now)) changed = true;
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

  /** Raw D4i bank values of one of its elements at its current level (`d4iBank`). */
  d4iBank(element: SimElement) {
    return d4iBank(element, this.spec.ratedPower);
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
        state.flags = statusFlags(element);
        if (element.isD4i) {
          state.d4i = d4iBank(element, this.spec.ratedPower);
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
