import {
  boundingBoxOf,
  clampPointToImage,
  type PlanSize,
  polygonCentroid,
  zoneNameSizeOrDefault,
} from '@lightwell/domain';
import type Konva from 'konva';
import type { KonvaEventObject } from 'konva/lib/Node';
import { memo, useEffect, useMemo, useRef } from 'react';
import { CenteredText } from '../centered-text';
import { PlanColors, zoneFill } from '../colors';
import { cullOnDraw, PLAN_BOUNDS_ATTR } from '../culling';
import { Layer, Line } from '../konva';
import type { FloorPlanZone } from '../types';

/** Props of {@link ZonesLayer}. */
export interface ZonesLayerProps {
  zones: readonly FloorPlanZone[];
  selectedZoneId: number | null;
  /** Edit mode: names can be dragged. */
  editable: boolean;
  imageSize: PlanSize;
  onZoneNameMove: (id: number, x: number, y: number) => void;
}

/**
 * Zone areas, then every zone name on top. Areas never listen (a click finds its zone by
 * point-in-polygon); names listen only in edit mode, where they are dragged. Shapes outside the
 * view and unreadably small names are hidden before each draw. Konva ids: `zone-<id>` and
 * `zone-name-<id>`; names `zone` and `zone-name`.
 */
export const ZonesLayer = memo(function ZonesLayer({
  zones,
  selectedZoneId,
  editable,
  imageSize,
  onZoneNameMove,
}: ZonesLayerProps) {
  const layerRef = useRef<Konva.Layer>(null);
  useEffect(() => (layerRef.current ? cullOnDraw(layerRef.current) : undefined), []);
  return (
    <Layer ref={layerRef} name="zones" listening={editable}>
      {zones.map((zone) => (
        <ZoneArea key={zone.id} zone={zone} selected={zone.id === selectedZoneId} />
      ))}
      {zones.map((zone) => (
        <ZoneName key={zone.id} zone={zone} editable={editable} imageSize={imageSize} onMove={onZoneNameMove} />
      ))}
    </Layer>
  );
});

const ZoneArea = memo(function ZoneArea({ zone, selected }: { zone: FloorPlanZone; selected: boolean }) {
  const flat = useMemo(() => zone.points.flatMap((p) => [p.x, p.y]), [zone.points]);
  const bounds = useMemo(() => boundingBoxOf(zone.points), [zone.points]);
  return (
    <Line
      id={`zone-${zone.id}`}
      name="zone"
      {...{ [PLAN_BOUNDS_ATTR]: bounds }}
      points={flat}
      closed
      fill={zoneFill(zone.bgColor)}
      stroke={selected ? PlanColors.selection : PlanColors.zoneStroke}
      strokeWidth={selected ? 3 : 1}
      dash={selected ? [8, 4] : undefined}
      strokeScaleEnabled={false}
      listening={false}
      perfectDrawEnabled={false}
    />
  );
});

interface ZoneNameProps {
  zone: FloorPlanZone;
  editable: boolean;
  imageSize: PlanSize;
  onMove: (id: number, x: number, y: number) => void;
}

const ZoneName = memo(function ZoneName({ zone, editable, imageSize, onMove }: ZoneNameProps) {
  const position = useMemo(() => {
    if (zone.zoneNamePositionX != null && zone.zoneNamePositionY != null) {
      return { x: zone.zoneNamePositionX, y: zone.zoneNamePositionY };
    }
    return polygonCentroid(zone.points) ?? { x: 0, y: 0 };
  }, [zone.zoneNamePositionX, zone.zoneNamePositionY, zone.points]);
  const fontSize = zoneNameSizeOrDefault(zone.zoneNameSize);
  // A generous box: the name may be rotated, so its longest side in every direction.
  const reach = fontSize * (0.6 * zone.name.length + 1);
  const bounds = {
    minX: position.x - reach,
    minY: position.y - reach,
    maxX: position.x + reach,
    maxY: position.y + reach,
  };
  if (!zone.name) return null;
  const handleDragEnd = (event: KonvaEventObject<DragEvent>) => {
    const at = clampPointToImage(event.target.position(), imageSize);
    event.target.position(at);
    onMove(zone.id, at.x, at.y);
  };
  return (
    <CenteredText
      id={`zone-name-${zone.id}`}
      name="zone-name"
      text={zone.name}
      x={position.x}
      y={position.y}
      fontSize={fontSize}
      planBounds={bounds}
      zoneId={zone.id}
      fill={zone.zoneNameColor || PlanColors.name}
      rotation={zone.zoneNameAngle ?? 0}
      draggable={editable}
      onDragEnd={handleDragEnd}
    />
  );
});
