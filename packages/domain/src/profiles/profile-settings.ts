import { z } from 'zod';
import { hfRangeValue } from '../devices/process-timer.ts';
import { encodeProcessTimer, PROCESS_RAW_MAX } from './process-timers.ts';

/**
 * Detection range of a sensor as its hfRange code (section 3): 1-4 map to 10, 30, 50, 75 % and 0 stands
 * for the default 100 %.
 */
export const HF_RANGES = [1, 2, 3, 4, 0] as const;
export const HfRangeSchema = z.union(HF_RANGES.map((value) => z.literal(value)));

/** Percentages of the hfRange select, in order (section 3 via `hfRangeValue`). */
export const HF_RANGE_OPTIONS = HF_RANGES.map((code) => ({ code, percent: hfRangeValue(code) }));

/** Sensitivity levels (the spec does not show the values; Lightwell uses 1 lowest to 5 highest). */
export const SensitivitySchema = z.number().int().min(1).max(5);

/** A raw process timer value of section 4 (0-235). */
export const ProcessRawSchema = z.number().int().min(0).max(PROCESS_RAW_MAX);

/** Sensor settings of section 3. Times in seconds. */
export const SensorSettingsSchema = z.object({
  hfRange: HfRangeSchema,
  staticSensitivity: SensitivitySchema,
  motionSensitivity: SensitivitySchema,
  /** How long presence is held after the last detection. */
  presenceTime: z.number().int().min(1).max(3600).describe('Presence hold, duration in seconds'),
  /** How long the light stays at stand-by level before switching off (0: no stand-by). */
  standbyTime: z.number().int().min(0).max(86_400).describe('Stand-by level hold, duration in seconds (0: none)'),
  /** How long the sensor ignores detections after switching off. */
  lockTime: z.number().int().min(0).max(60).describe('Detections ignored after switching off, duration in seconds'),
  ledIndicator: z.boolean(),
  /** Send the state on power restore, then every `autoSendInterval` seconds. */
  autoSend: z.boolean(),
  autoSendInterval: z.number().int().min(10).max(3600),
});

/** What a button event does (section 3 button actions). */
export const BUTTON_ACTIONS = ['none', 'on', 'off', 'toggle', 'dimUp', 'dimDown', 'scene'] as const;

/** One button event's action; `scene` recalls scene number `sceneNumber`. */
export const ButtonActionSchema = z
  .object({
    action: z.enum(BUTTON_ACTIONS),
    sceneNumber: z.number().int().min(1).max(65535).optional(),
  })
  .refine((value) => value.action !== 'scene' || value.sceneNumber !== undefined, {
    message: 'a scene action needs a scene number',
    path: ['sceneNumber'],
  })
  .transform((value) => (value.action === 'scene' ? value : { action: value.action }));

/** The button events of section 3. */
export const BUTTON_EVENTS = ['singlePress', 'doublePress', 'toggle', 'up', 'down', 'pressAndHold'] as const;
export type ButtonEvent = (typeof BUTTON_EVENTS)[number];

export const ButtonSettingsSchema = z.object(
  Object.fromEntries(BUTTON_EVENTS.map((event) => [event, ButtonActionSchema])) as Record<
    ButtonEvent,
    typeof ButtonActionSchema
  >,
);

/** Fire alarm input of section 3: contact normally open or closed, signal persistent or pulse. */
export const FireAlarmSettingsSchema = z.object({
  contact: z.enum(['normallyOpen', 'normallyClosed']),
  signal: z.enum(['persistent', 'pulse']),
});

/** The six process timers as raw values (section 3 ProcessExpand; decoded by section 4). */
export const ProcessTimerSettingsSchema = z.object({
  onDelay: ProcessRawSchema,
  offDelay: ProcessRawSchema,
  fadeOn: ProcessRawSchema,
  fadeOff: ProcessRawSchema,
  t1: ProcessRawSchema,
  t2: ProcessRawSchema,
});

/** Everything a configuration profile sets on the devices it is applied to. */
export const ProfileSettingsSchema = z.object({
  sensor: SensorSettingsSchema,
  buttons: ButtonSettingsSchema,
  fireAlarm: FireAlarmSettingsSchema,
  timers: ProcessTimerSettingsSchema,
});
export type ProfileSettings = z.output<typeof ProfileSettingsSchema>;
export type ProfileSettingsInput = z.input<typeof ProfileSettingsSchema>;

/**
 * Settings of a new profile: full detection range, middle sensitivities, 60 s presence, 5 min stand-by,
 * toggle on a single press, fade on 1 s and fade off 3 s, t1 60 s (hold) and t2 5 min (stand-by).
 */
export function defaultProfileSettings(): ProfileSettings {
  return {
    sensor: {
      hfRange: 0,
      staticSensitivity: 3,
      motionSensitivity: 3,
      presenceTime: 60,
      standbyTime: 300,
      lockTime: 2,
      ledIndicator: true,
      autoSend: true,
      autoSendInterval: 300,
    },
    buttons: {
      singlePress: { action: 'toggle' },
      doublePress: { action: 'on' },
      toggle: { action: 'toggle' },
      up: { action: 'dimUp' },
      down: { action: 'dimDown' },
      pressAndHold: { action: 'off' },
    },
    fireAlarm: { contact: 'normallyOpen', signal: 'persistent' },
    timers: {
      onDelay: 0,
      offDelay: 0,
      fadeOn: encodeProcessTimer(1),
      fadeOff: encodeProcessTimer(3),
      t1: encodeProcessTimer(60),
      t2: encodeProcessTimer(300),
    },
  };
}

/** A system default profile seeded on every installation (read-only, section 6). */
export interface SystemProfileSeed {
  /** Stable English name; also the key of its translated name (`profile.system.<key>`). */
  key: 'office' | 'corridor' | 'warehouse';
  name: string;
  settings: ProfileSettings;
}

/** The system default profiles: office, corridor and warehouse high-bay. */
export function systemProfileSeeds(): SystemProfileSeed[] {
  const base = defaultProfileSettings();
  return [
    { key: 'office', name: 'Office default', settings: base },
    {
      key: 'corridor',
      name: 'Corridor default',
      settings: {
        ...base,
        sensor: { ...base.sensor, hfRange: 3, presenceTime: 30, standbyTime: 600 },
        timers: {
          ...base.timers,
          fadeOn: encodeProcessTimer(0.5),
          t1: encodeProcessTimer(30),
          t2: encodeProcessTimer(600),
        },
      },
    },
    {
      key: 'warehouse',
      name: 'Warehouse high-bay',
      settings: {
        ...base,
        sensor: {
          ...base.sensor,
          hfRange: 0,
          motionSensitivity: 5,
          presenceTime: 120,
          standbyTime: 1800,
          ledIndicator: false,
        },
        timers: {
          ...base.timers,
          fadeOn: encodeProcessTimer(2),
          t1: encodeProcessTimer(120),
          t2: encodeProcessTimer(1800),
        },
      },
    },
  ];
}
