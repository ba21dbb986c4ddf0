import { z } from 'zod';
import {
  NetworkLocationSchema,
  NetworkLocationShape,
  ScheduleInputShape,
  ScheduleSchema,
} from '../schedules/schedule.ts';
import { IdSchema } from '../schemas/common.ts';
import { type CallDef, defineCall, nothing, patchShape, setsAny } from './define.ts';
import { RuleMessages } from './input-problems.ts';

const nid = { nid: IdSchema };
const scheduleId = { scheduleId: IdSchema };

/** Schedules and astro timers of a network and its location (section 3 encoding; schedule and astro-timer screen). */
export const scheduleCalls = {
  scheduleList: defineCall({
    path: '/api/v1/schedule/list',
    auth: true,
    tag: 'schedule',
    summary: "Schedules and astro timers of a network with their next run, and the network's location (every member)",
    payload: nid,
    data: z.object({ location: NetworkLocationSchema, list: z.array(ScheduleSchema) }),
  }),
  scheduleAdd: defineCall({
    path: '/api/v1/schedule/add',
    auth: true,
    tag: 'schedule',
    summary: 'Add a schedule or astro timer with the encoded date and time fields (owner, installer)',
    payload: { ...nid, ...ScheduleInputShape },
    data: ScheduleSchema,
  }),
  scheduleUpdate: defineCall({
    path: '/api/v1/schedule/update',
    auth: true,
    tag: 'schedule',
    summary: 'Change the fields given of a schedule or astro timer; the others keep their values (owner, installer)',
    payload: { ...scheduleId, ...patchShape(ScheduleInputShape) },
    data: ScheduleSchema,
    refine: [(p) => setsAny(p, ScheduleInputShape), RuleMessages.nothingToChange],
  }),
  scheduleEnable: defineCall({
    path: '/api/v1/schedule/enable',
    auth: true,
    tag: 'schedule',
    summary: 'Switch a schedule or astro timer on or off (owner, installer)',
    payload: { ...scheduleId, enabled: z.boolean() },
    data: ScheduleSchema,
  }),
  scheduleDelete: defineCall({
    path: '/api/v1/schedule/delete',
    auth: true,
    tag: 'schedule',
    summary: 'Delete a schedule or astro timer (owner, installer)',
    payload: scheduleId,
    data: nothing,
  }),
  scheduleResume: defineCall({
    path: '/api/v1/schedule/override/end',
    auth: true,
    tag: 'schedule',
    summary:
      "End the manual overrides of a network's schedules now (of one schedule, when named) and restore what the schedules set (every member)",
    payload: { ...nid, scheduleId: IdSchema.optional() },
    data: z.object({ devices: z.number().int() }),
  }),
  networkLocationUpdate: defineCall({
    path: '/api/v1/network/location/update',
    auth: true,
    tag: 'schedule',
    summary:
      "Set a network's latitude and longitude (both or neither) and time zone for schedules and astro timers; a field left out keeps its value (owner, installer)",
    payload: { ...nid, ...patchShape(NetworkLocationShape) },
    data: NetworkLocationSchema,
    refine: [
      (p) =>
        (p.latitude === undefined) === (p.longitude === undefined) && (p.latitude === null) === (p.longitude === null),
      RuleMessages.latLngTogether,
    ],
  }),
} satisfies Record<string, CallDef>;
