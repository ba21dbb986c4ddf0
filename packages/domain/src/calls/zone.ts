import { IdSchema } from '../schemas/common.ts';
import {
  ConfigIdSchema,
  NodeAddShape,
  NodePatchShape,
  NodeSchema,
  ViewStateSchema,
  ViewStateShape,
  ZoneAddShape,
  ZoneMapSchema,
  ZonePatchShape,
  ZoneSchema,
} from '../schemas/zone.ts';
import { type CallDef, defineCall, nothing, setsAny } from './define.ts';
import { RuleMessages } from './input-problems.ts';

const nid = { nid: IdSchema };
const zid = { zid: IdSchema };
const nodeId = { nodeId: IdSchema };

/** Zones, nodes and the map view of a network (spec sections 3, 5 and 9; zone page 2-2-2). */
export const zoneCalls = {
  zoneList: defineCall({
    path: '/api/v1/zone/list',
    auth: true,
    tag: 'zone',
    summary: 'Zones and nodes of a network, for the map (every member)',
    payload: nid,
    data: ZoneMapSchema,
  }),
  zoneAdd: defineCall({
    path: '/api/v1/zone/add',
    auth: true,
    tag: 'zone',
    summary: 'Add a zone: points clamped to the image, near-collinear points removed; default 100×100 square',
    payload: { ...nid, ...ZoneAddShape },
    data: ZoneSchema,
    refine: [(p) => p.shape !== 2 || p.points === undefined || p.points.length >= 3, RuleMessages.polygonPoints],
  }),
  zoneUpdate: defineCall({
    path: '/api/v1/zone/update',
    auth: true,
    tag: 'zone',
    summary: 'Change a zone: any of its fields, with the same rules as add',
    payload: { ...zid, ...ZonePatchShape },
    data: ZoneSchema,
    refine: [(p) => setsAny(p, ZonePatchShape), RuleMessages.nothingToChange],
  }),
  zoneDelete: defineCall({
    path: '/api/v1/zone/delete',
    auth: true,
    tag: 'zone',
    summary: 'Delete a zone (1063 while it contains nodes)',
    payload: zid,
    data: nothing,
  }),
  zoneConfig: defineCall({
    path: '/api/v1/zone/config',
    auth: true,
    tag: 'zone',
    summary: 'Assign a configuration profile to a zone (configId 0 or null: none)',
    payload: { ...zid, configId: ConfigIdSchema },
    data: ZoneSchema,
  }),
  nodeAdd: defineCall({
    path: '/api/v1/node/add',
    auth: true,
    tag: 'zone',
    summary: 'Add a plain node (no device yet) and place it',
    payload: { ...nid, ...NodeAddShape },
    data: NodeSchema,
  }),
  nodeUpdate: defineCall({
    path: '/api/v1/node/update',
    auth: true,
    tag: 'zone',
    summary: 'Move or restyle a node, or assign it to a zone of the same network',
    payload: { ...nodeId, ...NodePatchShape },
    data: NodeSchema,
    refine: [(p) => setsAny(p, NodePatchShape), RuleMessages.nothingToChange],
  }),
  nodeDelete: defineCall({
    path: '/api/v1/node/delete',
    auth: true,
    tag: 'zone',
    summary: 'Delete a node',
    payload: nodeId,
    data: nothing,
  }),
  viewStateGet: defineCall({
    path: '/api/v1/zone/view/get',
    auth: true,
    tag: 'zone',
    summary: "The caller's saved map view of a network; null when none is saved (the console then fits the plan)",
    payload: nid,
    data: ViewStateSchema.nullable(),
  }),
  viewStateSave: defineCall({
    path: '/api/v1/zone/view/save',
    auth: true,
    tag: 'zone',
    summary: "Save the caller's map view; zoom snapped to a 0.125 step within 0.125..3",
    payload: { ...nid, ...ViewStateShape },
    data: ViewStateSchema,
  }),
} satisfies Record<string, CallDef>;
