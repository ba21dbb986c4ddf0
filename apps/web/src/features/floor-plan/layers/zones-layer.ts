import {
  boundingBoxOf,
  clampPointToImage,
  type PlanSize,
  polygonCentroid,
  zoneNameSizeOrDefault,
} from '@lightwell/domain';
import { createCenteredText, updateCenteredText } from '../centered-text';
import { PlanColors, zoneFill } from '../colors';
import { cullOnDraw, PLAN_BOUNDS_ATTR } from '../culling';
import { Layer, Line, type Text } from '../konva';
import type { FloorPlanZone } from '../types';

/** What {@link ZonesLayer} shows. */
export interface ZonesLayerProps {
  zones: readonly FloorPlanZone[];
  selectedZoneId: number | null;
  /** Edit mode: names can be dragged. */
  editable: boolean;
  imageSize: PlanSize;
  onZoneNameMove: (id: number, x: number, y: number) => void;
}

interface ZoneShapes {
  zone: FloorPlanZone;
  selected: boolean;
  editable: boolean;
  area: Line;
  name: Text | null;
}

/**
 * Zone areas, then every zone name on top. Areas never listen (a click finds its zone by
 * point-in-polygon); names listen only in edit mode, where they are dragged. Shapes outside the
 * view and unreadably small names are hidden before each draw. Konva ids: `zone-<id>` and
 * `zone-name-<id>`; names `zone` and `zone-name`. A zone's shapes are only touched when it changed.
 */
export class ZonesLayer {
  readonly layer = new Layer({ name: 'zones' });
  private shapes = new Map<number, ZoneShapes>();
  private order = '';
  private props: ZonesLayerProps | null = null;

  constructor() {
    cullOnDraw(this.layer);
  }

  /** Shows `props`. */
  update(props: ZonesLayerProps) {
    this.props = props;
    this.layer.listening(props.editable);
    const next = new Map<number, ZoneShapes>();
    for (const zone of props.zones) {
      const selected = zone.id === props.selectedZoneId;
      const known = this.shapes.get(zone.id);
      const shapes = known ?? { zone, selected, editable: props.editable, area: new Line(), name: null };
      this.shapes.delete(zone.id);
      if (!known || shapes.zone !== zone || shapes.selected !== selected || shapes.editable !== props.editable) {
        Object.assign(shapes, { zone, selected, editable: props.editable });
        updateArea(shapes.area, zone, selected);
        shapes.name = this.updateName(shapes.name, zone, props.editable);
      }
      next.set(zone.id, shapes);
    }
    for (const gone of this.shapes.values()) {
      gone.area.destroy();
      gone.name?.destroy();
    }
    this.shapes = next;
    const order = [...next.values()].map((s) => `${s.zone.id}:${s.name ? 1 : 0}`).join(',');
    if (order !== this.order) {
      this.order = order;
      for (const shapes of next.values()) this.layer.add(shapes.area);
      for (const shapes of next.values()) if (shapes.name) this.layer.add(shapes.name);
    }
    this.layer.batchDraw();
  }

  private updateName(text: Text | null, zone: FloorPlanZone, editable: boolean): Text | null {
    if (!zone.name) {
      text?.destroy();
      return null;
    }
    const name =
      text ??
      createCenteredText((event) => {
        const props = this.props;
        if (!props) return;
        const at = clampPointToImage(event.target.position(), props.imageSize);
        event.target.position(at);
        props.onZoneNameMove(zone.id, at.x, at.y);
      });
    const position =
      zone.zoneNamePositionX != null && zone.zoneNamePositionY != null
        ? { x: zone.zoneNamePositionX, y: zone.zoneNamePositionY }
        : (polygonCentroid(zone.points) ?? { x: 0, y: 0 });
    const fontSize = zoneNameSizeOrDefault(zone.zoneNameSize);
    // A generous box: the name may be rotated, so its longest side in every direction.
    const reach = fontSize * (0.6 * zone.name.length + 1);
    updateCenteredText(name, {
      id: `zone-name-${zone.id}`,
      name: 'zone-name',
      text: zone.name,
      x: position.x,
      y: position.y,
      fontSize,
      planBounds: {
        minX: position.x - reach,
        minY: position.y - reach,
        maxX: position.x + reach,
        maxY: position.y + reach,
      },
      zoneId: zone.id,
      fill: zone.zoneNameColor || PlanColors.name,
      rotation: zone.zoneNameAngle ?? 0,
      draggable: editable,
    });
    return name;
  }
}

function updateArea(area: Line, zone: FloorPlanZone, selected: boolean) {
  area.setAttrs({
    id: `zone-${zone.id}`,
    name: 'zone',
    [PLAN_BOUNDS_ATTR]: boundingBoxOf(zone.points),
    points: zone.points.flatMap((p) => [p.x, p.y]),
    closed: true,
    fill: zoneFill(zone.bgColor),
    stroke: selected ? PlanColors.selection : PlanColors.zoneStroke,
    strokeWidth: selected ? 3 : 1,
    dash: selected ? [8, 4] : undefined,
    strokeScaleEnabled: false,
    listening: false,
    perfectDrawEnabled: false,
  });
}
