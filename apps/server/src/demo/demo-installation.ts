import { elementLayout, type HardwareKind } from '@lightwell/domain';

/*
 * The demo installation: a product catalogue, an office network with a floor plan and zones, two
 * gateways sharing one Bluetooth mesh and 28 devices of every kind. Fixed names, MACs and serial
 * numbers, so e2e tests can name what they switch (`e2e/support/simulator.ts`).
 */

export interface DemoProduct {
  model: string;
  name: string;
  /** Short name of its fittings on the plan, numbered across the building ("Downlight 3"). */
  label: string;
  simKind: HardwareKind;
  manufacturer: string;
  ratedPower: number;
  hardwareVersions: string[];
  /** Icon colour and glyph. */
  colour: readonly [number, number, number];
  glyph: 'bulb' | 'ring' | 'square' | 'panel' | 'cross';
}

/** One product per simulated kind; the console's catalogue kind follows from `simKind`. */
export const DEMO_PRODUCTS: DemoProduct[] = [
  {
    model: 'LW-DL-DT6',
    name: 'Downlight DT6',
    label: 'Downlight',
    simKind: 'dt6',
    manufacturer: 'Lightwell',
    ratedPower: 18,
    hardwareVersions: ['A1', 'A2'],
    colour: [250, 173, 20],
    glyph: 'bulb',
  },
  {
    model: 'LW-PL-DT8',
    name: 'Panel light DT8 tunable white',
    label: 'Panel',
    simKind: 'dt8',
    manufacturer: 'Lightwell',
    ratedPower: 36,
    hardwareVersions: ['B1'],
    colour: [250, 140, 22],
    glyph: 'bulb',
  },
  {
    model: 'LW-LB-D4I',
    name: 'Linear batten D4i',
    label: 'Batten',
    simKind: 'd4i',
    manufacturer: 'Lightwell',
    ratedPower: 40,
    hardwareVersions: ['C1'],
    colour: [212, 136, 6],
    glyph: 'bulb',
  },
  {
    model: 'LW-PIR-360',
    name: 'Ceiling motion sensor',
    label: 'Motion',
    simKind: 'motionSensor',
    manufacturer: 'Lightwell',
    ratedPower: 0.5,
    hardwareVersions: ['S1'],
    colour: [22, 119, 255],
    glyph: 'ring',
  },
  {
    model: 'LW-LUX-1',
    name: 'Daylight sensor',
    label: 'Daylight',
    simKind: 'lightSensor',
    manufacturer: 'Lightwell',
    ratedPower: 0.4,
    hardwareVersions: ['S1'],
    colour: [19, 194, 194],
    glyph: 'ring',
  },
  {
    model: 'LW-BTN-4',
    name: 'Four-key push button',
    label: 'Button',
    simKind: 'pushButton',
    manufacturer: 'Lightwell',
    ratedPower: 0,
    hardwareVersions: ['K1'],
    colour: [114, 46, 209],
    glyph: 'square',
  },
  {
    model: 'LW-BTP-7',
    name: 'Bluetooth wall panel',
    label: 'Wall panel',
    simKind: 'panel',
    manufacturer: 'Lightwell',
    ratedPower: 1.5,
    hardwareVersions: ['P1'],
    colour: [47, 84, 235],
    glyph: 'panel',
  },
  {
    model: 'LW-EM-EXIT',
    name: 'Emergency exit sign',
    label: 'Exit sign',
    simKind: 'emergencyOne',
    manufacturer: 'Lightwell',
    ratedPower: 3,
    hardwareVersions: ['E1'],
    colour: [56, 158, 13],
    glyph: 'cross',
  },
  {
    model: 'LW-EM-BULK',
    name: 'Emergency bulkhead',
    label: 'Bulkhead',
    simKind: 'emergencyTwo',
    manufacturer: 'Lightwell',
    ratedPower: 8,
    hardwareVersions: ['E2'],
    colour: [82, 196, 26],
    glyph: 'cross',
  },
];

/** File name of a product's icon in `files`. */
export const productIconName = (model: string) => `product-${model.toLowerCase()}.png`;

/** Sub-version config of a product: its element layout (luminaires dim linearly except the DT8 panel). */
export function productLayout(product: DemoProduct) {
  return {
    elements: elementLayout(product.simKind).map((element) => ({
      type: element.type,
      ...(element.isD4i ? { isD4i: true } : {}),
      ...(element.type === 1 || element.type === 8 ? { isLinear: product.simKind !== 'dt8' } : {}),
    })),
  };
}

export const DEMO_NETWORK = {
  name: 'Demo office',
  category: 'office',
  width: 1200,
  height: 800,
  latitude: 52.52,
  longitude: 13.405,
  timeZone: 'Europe/Berlin',
  electricityPrice: 32,
  currency: 'EUR',
} as const;

type Rect = { x: number; y: number; w: number; h: number };
export const DEMO_ZONES: { name: string; rect: Rect; colour: string }[] = [
  { name: 'Open office', rect: { x: 40, y: 40, w: 600, h: 400 }, colour: '#1677ff33' },
  { name: 'Meeting room', rect: { x: 680, y: 40, w: 480, h: 320 }, colour: '#722ed133' },
  { name: 'Corridor', rect: { x: 40, y: 480, w: 1120, h: 120 }, colour: '#faad1433' },
  { name: 'Reception', rect: { x: 40, y: 640, w: 560, h: 120 }, colour: '#13c2c233' },
  { name: 'Storage', rect: { x: 640, y: 640, w: 520, h: 120 }, colour: '#8c8c8c33' },
];

/** The demo gateways (both reach the whole mesh); secrets are `demoGatewaySecret(keys, sn)`. */
export const DEMO_GATEWAYS = [
  { sn: 'demo-gw-1', name: 'Gateway east', firmware: '2.4.1' },
  { sn: 'demo-gw-2', name: 'Gateway west', firmware: '2.4.1' },
] as const;

export interface DemoDevice {
  name: string;
  /** Its node's name on the plan. */
  label: string;
  model: string;
  mac: string;
  address: number;
  zone: string;
  /** Gateway that reports it first (index into DEMO_GATEWAYS). */
  gateway: 0 | 1;
  /** Initial light level (luminaires), 0 = off. */
  level: number;
}

const layout: [string, string, number, number][] = [
  // zone, model, count, level
  ['Open office', 'LW-DL-DT6', 6, 80],
  ['Open office', 'LW-PL-DT8', 2, 70],
  ['Open office', 'LW-LB-D4I', 1, 80],
  ['Open office', 'LW-PIR-360', 1, 0],
  ['Open office', 'LW-LUX-1', 1, 0],
  ['Open office', 'LW-BTN-4', 1, 0],
  ['Meeting room', 'LW-PL-DT8', 2, 60],
  ['Meeting room', 'LW-LB-D4I', 1, 60],
  ['Meeting room', 'LW-BTP-7', 1, 0],
  ['Meeting room', 'LW-PIR-360', 1, 0],
  ['Corridor', 'LW-DL-DT6', 4, 40],
  ['Corridor', 'LW-EM-EXIT', 2, 0],
  ['Corridor', 'LW-PIR-360', 1, 0],
  ['Reception', 'LW-PL-DT8', 2, 90],
  ['Reception', 'LW-EM-BULK', 1, 0],
  ['Reception', 'LW-BTN-4', 1, 0],
  ['Storage', 'LW-DL-DT6', 1, 0],
  ['Storage', 'LW-EM-BULK', 1, 0],
];

/** The 30 devices: MAC `D0A1E0` + 6 hex digits, mesh addresses from 2. */
export const DEMO_DEVICES: DemoDevice[] = (() => {
  const list: DemoDevice[] = [];
  const perZone = new Map<string, number>();
  const perLabel = new Map<string, number>();
  for (const [zone, model, count, level] of layout) {
    const product = DEMO_PRODUCTS.find((p) => p.model === model)!;
    for (let i = 0; i < count; i++) {
      const n = list.length + 1;
      const inZone = (perZone.get(`${zone}/${product.simKind}`) ?? 0) + 1;
      perZone.set(`${zone}/${product.simKind}`, inZone);
      const numbered = (perLabel.get(product.label) ?? 0) + 1;
      perLabel.set(product.label, numbered);
      list.push({
        name: `${zone} ${product.name} ${inZone}`,
        label: `${product.label} ${numbered}`,
        model,
        mac: `D0A1E0${n.toString(16).toUpperCase().padStart(6, '0')}`,
        address: n + 1,
        zone,
        gateway: zone === 'Open office' || zone === 'Meeting room' ? 0 : 1,
        level,
      });
    }
  }
  return list;
})();

/** Groups: luminaires of the open office, and every emergency fitting. */
export const DEMO_GROUPS = [
  { name: 'Open office lights', type: 1, category: 'office', members: (d: DemoDevice) => d.zone === 'Open office' },
  {
    name: 'Emergency lighting',
    type: 2,
    category: 'corridor',
    members: (d: DemoDevice) => d.model.startsWith('LW-EM-'),
  },
] as const;

/** Scenes stored on the meeting-room and open-office luminaires (numbers clear of the built-in 1-3). */
export const DEMO_SCENES = [
  {
    number: 16,
    name: 'Presentation',
    type: 'generic',
    zones: ['Meeting room'],
    onOff: 1 as const,
    lightness: 20,
    cct: 3000,
  },
  {
    number: 17,
    name: 'Focus work',
    type: 'generic',
    zones: ['Open office', 'Meeting room'],
    onOff: 1 as const,
    lightness: 100,
    cct: 5000,
  },
];

/** Point `i` of `count` inside a zone's rectangle, on a grid with a margin. */
export function positionInZone(rect: Rect, i: number, count: number): { x: number; y: number } {
  const columns = Math.max(1, Math.ceil(Math.sqrt((count * rect.w) / rect.h)));
  const rows = Math.max(1, Math.ceil(count / columns));
  const column = i % columns;
  const row = Math.floor(i / columns);
  return {
    x: Math.round(rect.x + ((column + 0.5) * rect.w) / columns),
    y: Math.round(rect.y + ((row + 0.5) * rect.h) / rows),
  };
}
