import { z } from 'zod';
import {
  DeviceAddRowsSchema,
  DeviceChangesSchema,
  DeviceDetailSchema,
  DeviceKindSchema,
  DeviceSummarySchema,
  ProductAddShape,
  ProductIconDataSchema,
  ProductIconSchema,
  ProductSchema,
  ProductSubVersionSchema,
  SensorSummarySchema,
} from '../devices/device-schemas.ts';
import { Limits } from '../limits.ts';
import { IdSchema, PageSizeSchema, text } from '../schemas/common.ts';
import { pageSchema } from '../schemas/network.ts';
import { type CallDef, defineCall, nothing } from './define.ts';
import { EnergySpanSchema } from './energy.ts';

const nid = { nid: IdSchema };
const deviceId = { deviceId: IdSchema };
const paging = {
  page: z.number().int().min(1).max(100_000).default(1),
  pageSize: PageSizeSchema.default(Limits.defaultPageSize),
};

/** Devices, sensors and the product catalogue (spec section 3 Device; pages 4-7 and 4-9). */
export const deviceCalls = {
  deviceList: defineCall({
    path: '/api/v1/device/list',
    auth: true,
    tag: 'device',
    summary:
      'Devices of a network, paged, by kind, virtual or real and name/MAC/model search (every member; 1050 empty)',
    payload: {
      ...nid,
      kind: DeviceKindSchema.optional(),
      isVirtual: z.boolean().optional(),
      search: text(64).optional(),
      ...paging,
    },
    data: pageSchema(DeviceSummarySchema),
  }),
  deviceGet: defineCall({
    path: '/api/v1/device/get',
    auth: true,
    tag: 'device',
    summary: 'One device with every section-3 field, decoded element status, D4i bank, product and binding',
    payload: deviceId,
    data: DeviceDetailSchema,
  }),
  deviceAdd: defineCall({
    path: '/api/v1/device/add',
    auth: true,
    tag: 'device',
    summary: 'Add 1 to 10 virtual devices (catalogue model, hexadecimal MAC unique in the network: 1082)',
    payload: { ...nid, devices: DeviceAddRowsSchema },
    data: z.array(DeviceSummarySchema),
  }),
  deviceUpdate: defineCall({
    path: '/api/v1/device/update',
    auth: true,
    tag: 'device',
    summary: 'Change a device: its fields; MAC and model of virtual devices only (bound: model fixed, 1076)',
    payload: { ...deviceId, changes: DeviceChangesSchema },
    data: DeviceDetailSchema,
  }),
  deviceDelete: defineCall({
    path: '/api/v1/device/delete',
    auth: true,
    tag: 'device',
    summary: 'Delete a device and its plan nodes (1076 while bound)',
    payload: deviceId,
    data: nothing,
  }),
  deviceBind: defineCall({
    path: '/api/v1/device/bind',
    auth: true,
    tag: 'device',
    summary: 'Bind a real device to a virtual device of the same model (1077 on mismatch; 1076 if either is bound)',
    payload: { virtualId: IdSchema, realId: IdSchema },
    data: DeviceDetailSchema,
  }),
  deviceUnbind: defineCall({
    path: '/api/v1/device/unbind',
    auth: true,
    tag: 'device',
    summary: 'Unbind a virtual device from its real device',
    payload: { virtualId: IdSchema },
    data: DeviceDetailSchema,
  }),
  sensorList: defineCall({
    path: '/api/v1/device/sensor/list',
    auth: true,
    tag: 'device',
    summary:
      'Motion and light sensors of a network with trigger counts (all stored, or over a period as the heat maps count them), last trigger and lux (1050 empty)',
    payload: {
      ...nid,
      ...paging,
      /**
       * Count each sensor's triggers over this period (the heat maps' spans, in the network's zone): the same
       * number the sensor heat maps give its row for the same `span` and `until`. Left out: every stored trigger.
       */
      span: EnergySpanSchema.optional().describe(
        'Count triggers over this period, as the sensor heat maps do for the same span and until; left out: every stored trigger',
      ),
      until: z
        .number()
        .int()
        .positive()
        .optional()
        .describe('With span: the period ends here: epoch seconds, UTC; default now'),
    },
    data: pageSchema(SensorSummarySchema),
  }),
  productList: defineCall({
    path: '/api/v1/product/list',
    auth: true,
    tag: 'product',
    summary: 'The product catalogue with icon file names (every signed-in user; 1050 empty)',
    payload: { kind: DeviceKindSchema.optional() },
    data: z.array(ProductSchema),
  }),
  productSubVersionList: defineCall({
    path: '/api/v1/product/subversion/list',
    auth: true,
    tag: 'product',
    summary: 'Sub-versions of a product by hardware version, with the element layout (1050 empty)',
    payload: { productId: IdSchema },
    data: z.array(ProductSubVersionSchema),
  }),
  productAdd: defineCall({
    path: '/api/v1/product/add',
    auth: true,
    tag: 'product',
    summary: 'Add a product to the catalogue (any signed-in user; model unique: 1016)',
    payload: ProductAddShape,
    data: ProductSchema,
  }),
  productIconUpload: defineCall({
    path: '/api/v1/product/icon/upload',
    auth: true,
    tag: 'product',
    summary: "Set a product's 32×32 icon (PNG, JPG or BMP, base64; only the user who added the product: 1013)",
    payload: { productId: IdSchema, image: ProductIconDataSchema },
    data: ProductSchema,
  }),
  productIcon: defineCall({
    path: '/api/v1/product/icon',
    auth: true,
    tag: 'product',
    summary: "A product's icon as base64 (every signed-in user), null when it has none; the browser caches it by id",
    payload: { productId: IdSchema },
    data: ProductIconSchema.nullable(),
  }),
} satisfies Record<string, CallDef>;
