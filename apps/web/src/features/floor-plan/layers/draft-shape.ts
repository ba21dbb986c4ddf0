import { PlanColors } from '../colors';
import { HANDLE_PX } from '../drawing';
import { Circle, Line, Rect, type Shape } from '../konva';
import type { DrawDraft } from '../use-plan-gestures';

/** A zone being drawn (Konva id `zone-draft`): the dragged rectangle, or the polygon's corners and the line to the pointer. */
export function draftShapes(draft: DrawDraft, zoom: number): Shape[] {
  const common = {
    stroke: PlanColors.selection,
    strokeWidth: 2,
    dash: [6, 4],
    strokeScaleEnabled: false,
    listening: false,
  };
  if (draft.kind === 'rectangle') {
    return [
      new Rect({
        id: 'zone-draft',
        x: Math.min(draft.a.x, draft.b.x),
        y: Math.min(draft.a.y, draft.b.y),
        width: Math.abs(draft.b.x - draft.a.x),
        height: Math.abs(draft.b.y - draft.a.y),
        fill: 'rgba(22, 119, 255, 0.12)',
        ...common,
      }),
    ];
  }
  const path = draft.hover ? [...draft.points, draft.hover] : draft.points;
  const line = new Line({
    id: 'zone-draft',
    points: path.flatMap((p) => [p.x, p.y]),
    fill: 'rgba(22, 119, 255, 0.12)',
    closed: false,
    ...common,
  });
  const corners = draft.points.map(
    (point, index) =>
      new Circle({
        x: point.x,
        y: point.y,
        radius: (index === 0 ? HANDLE_PX + 2 : HANDLE_PX) / zoom,
        fill: index === 0 ? PlanColors.selection : PlanColors.image,
        stroke: PlanColors.selection,
        strokeWidth: 1,
        strokeScaleEnabled: false,
        listening: false,
      }),
  );
  return [line, ...corners];
}
