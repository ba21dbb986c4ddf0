import { describe, expect, it } from 'vitest';
import { BUILT_IN_SCENES, builtInSceneAction, nextSceneNumber } from './built-in.ts';
import { type CurvePoint, CurveSchema, defaultCurve, deleteCurvePoint, insertCurvePoint, MAX_POINT } from './curve.ts';
import { GroupType, refusedGroupMembers } from './group.ts';
import { sortScenes } from './scene.ts';
import { parseSceneDefinition, SCENE_TYPES, SceneParamsSchemas, sceneParamFields } from './scene-types.ts';
import { allocateSceneSlots, mergeSceneSlots, SCENE_SLOTS } from './slots.ts';

const curveOf = (n: number): CurvePoint[] =>
  Array.from({ length: n }, (_, i) => ({ time: Math.round((i * 86_400) / (n - 1)), level: i % 2 === 0 ? 0 : 100 }));

describe('scene curves (section 5, MaxPoint 21)', () => {
  it.each([
    [2, false],
    [3, true],
    [21, true],
    [22, false],
  ])('a curve of %i points is valid: %s', (n, valid) => {
    expect(CurveSchema.safeParse(curveOf(n)).success).toBe(valid);
  });

  it('refuses times that do not increase', () => {
    expect(
      CurveSchema.safeParse([
        { time: 0, level: 0 },
        { time: 0, level: 1 },
        { time: 5, level: 2 },
      ]).success,
    ).toBe(false);
  });

  it.each([
    [0, 'loc927'],
    [4, 'loc926'],
  ])('refuses to delete point %i (%s) and leaves the curve as it was', (index, refusal) => {
    const points = curveOf(5);
    expect(deleteCurvePoint(points, index)).toEqual({ ok: false, refusal });
    expect(points).toHaveLength(5);
  });

  it('deletes an inner point, but never below 3 points', () => {
    const edit = deleteCurvePoint(curveOf(4), 1);
    expect(edit.ok && edit.points.length).toBe(3);
    expect(deleteCurvePoint(curveOf(3), 1)).toEqual({ ok: false, refusal: 'tooFew' });
  });

  it('inserts halfway between two points, up to 21 points', () => {
    const edit = insertCurvePoint(defaultCurve(), 0);
    expect(edit).toEqual({
      ok: true,
      points: [
        { time: 0, level: 0 },
        { time: 21_600, level: 50 },
        { time: 43_200, level: 100 },
        { time: 86_400, level: 0 },
      ],
    });
    expect(insertCurvePoint(curveOf(MAX_POINT), 3)).toEqual({ ok: false, refusal: 'tooMany' });
    // After the last point the new one goes before it: the last point stays last.
    const tail = insertCurvePoint(defaultCurve(), 2);
    expect(tail.ok && tail.points.at(-1)).toEqual({ time: 86_400, level: 0 });
  });
});

describe('scene slots: a luminaire holds at most 16 scenes', () => {
  it('gives each device its lowest free slot', () => {
    const result = allocateSceneSlots(
      new Map([
        [1, []],
        [2, [0, 1, 3]],
      ]),
    );
    expect(result).toEqual({
      ok: true,
      slots: new Map([
        [1, 0],
        [2, 2],
      ]),
    });
  });

  it('names every full device and allocates nothing', () => {
    const full = Array.from({ length: SCENE_SLOTS }, (_, i) => i);
    const result = allocateSceneSlots(
      new Map([
        [7, full],
        [3, [0]],
        [5, full],
      ]),
    );
    expect(result).toEqual({ ok: false, full: [5, 7] });
  });

  it('fills slot 15 as the 16th scene', () => {
    const result = allocateSceneSlots(new Map([[1, Array.from({ length: 15 }, (_, i) => i)]]));
    expect(result.ok && result.slots.get(1)).toBe(15);
  });
});

describe('scene types and parameters (section 3)', () => {
  it('has a parameter schema for each of the nine types', () => {
    expect(SCENE_TYPES).toHaveLength(9);
    for (const type of SCENE_TYPES) expect(SceneParamsSchemas[type]).toBeDefined();
  });

  it.each([
    ['luxOnOff', ['holdTime', 'standbyTime', 'detectionRange', 'daylightThreshold', 'sensorStrategy']],
    ['daylightClosedLoop', ['luxTarget', 'tolerance', 'sensorStrategy', 'daylightRate']],
    ['animation', ['loopRun', 'startOver', 'dwellTime']],
    ['generic', ['dimmingLevel', 'colourTemperature', 'powerOnState', 'softOnOff']],
  ] as const)('%s has %j', (type, fields) => {
    expect(sceneParamFields(type)).toEqual(expect.arrayContaining([...fields]));
  });

  it('fills defaults and refuses unknown or out-of-range parameters', () => {
    const ok = parseSceneDefinition('daylightClosedLoop', { luxTarget: 300 }, null);
    expect(ok).toMatchObject({ ok: true, params: { luxTarget: 300, tolerance: 10, sensorStrategy: 'own' } });
    expect(parseSceneDefinition('generic', { dimmingLevel: 101 }, null).ok).toBe(false);
    expect(parseSceneDefinition('generic', { luxTarget: 5 }, null).ok).toBe(false);
    expect(parseSceneDefinition('luxOnOff', { sensorStrategy: 'many' }, null).ok).toBe(false);
  });

  it('requires a curve for curve types and drops it for the others', () => {
    expect(parseSceneDefinition('circadian24h', {}, null).ok).toBe(false);
    expect(parseSceneDefinition('circadian24h', {}, defaultCurve())).toMatchObject({ ok: true, curve: defaultCurve() });
    expect(parseSceneDefinition('generic', {}, defaultCurve())).toMatchObject({ ok: true, curve: null });
  });
});

describe('built-in scenes and groups', () => {
  it('recalls all off, all 50 % and all on as light commands', () => {
    expect(BUILT_IN_SCENES.map((s) => s.builtIn)).toEqual([1, 2, 3]);
    expect(builtInSceneAction(1)).toEqual({ op: 'light', onOff: 0, fadeMs: 0 });
    expect(builtInSceneAction(2)).toEqual({ op: 'light', onOff: 1, lightness: 50, fadeMs: 0 });
    expect(builtInSceneAction(3, 500)).toEqual({ op: 'light', onOff: 1, lightness: 100, fadeMs: 500 });
    expect(builtInSceneAction(null)).toBeNull();
  });

  it('numbers user scenes from 4, filling gaps', () => {
    expect(nextSceneNumber([1, 2, 3])).toBe(4);
    expect(nextSceneNumber([1, 2, 3, 4, 6])).toBe(5);
  });

  it('lists built-in scenes first', () => {
    const sorted = sortScenes([
      { builtIn: null, number: 4 },
      { builtIn: 3, number: 3 },
      { builtIn: 1, number: 1 },
    ]);
    expect(sorted.map((s) => s.number)).toEqual([1, 3, 4]);
  });

  it('lets emergency groups take only emergency devices and luminaire groups only luminaires', () => {
    const devices = [
      { id: 1, kind: 'luminaire' },
      { id: 2, kind: 'emergency' },
      { id: 3, kind: 'motionSensor' },
    ];
    expect(refusedGroupMembers(GroupType.emergency, devices)).toEqual([1, 3]);
    expect(refusedGroupMembers(GroupType.luminaire, devices)).toEqual([2, 3]);
  });
});

describe('binding a virtual luminaire to a real one merges their 16 scene slots', () => {
  const slots = (sceneIds: number[], first = 0) => sceneIds.map((sceneId, i) => ({ sceneId, slot: first + i }));

  it('keeps the real slots and moves the virtual scenes that collide to the lowest slot free on both', () => {
    expect(
      mergeSceneSlots(slots([10, 11, 12]), [
        { sceneId: 20, slot: 1 },
        { sceneId: 21, slot: 5 },
      ]),
    ).toEqual({
      ok: true,
      moves: [{ sceneId: 20, from: 1, to: 3 }],
    });
  });

  it('counts a scene both are in once and leaves it where it is', () => {
    expect(mergeSceneSlots(slots([10, 11]), [{ sceneId: 11, slot: 0 }])).toEqual({ ok: true, moves: [] });
  });

  it('refuses a binding that would put the luminaire in 17 scenes, and allows 16', () => {
    const real = slots(Array.from({ length: 10 }, (_, i) => 100 + i));
    expect(mergeSceneSlots(real, slots([1, 2, 3, 4, 5, 6]))).toMatchObject({ ok: true });
    expect(mergeSceneSlots(real, slots([1, 2, 3, 4, 5, 6, 7]))).toEqual({ ok: false, scenes: 17 });
  });
});
