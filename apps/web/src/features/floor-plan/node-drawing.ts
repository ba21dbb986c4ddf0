import {
  isLabelReadable,
  nodeIconSizeOrDefault,
  nodeNameSizeOrDefault,
  type PlanBox,
  type PlanPoint,
} from '@lightwell/domain';
import { PlanColors, statusColor } from './colors';
import type { FloorPlanNode } from './types';

/** Font family of every name on the map. */
export const FONT_FAMILY = 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans SC", sans-serif';

/** Where a node's name is centred: its offset from the node, or below the icon when none is stored. */
export function nodeNameOffset(node: FloorPlanNode): PlanPoint {
  if (node.namePositionX != null && node.namePositionY != null) {
    return { x: node.namePositionX, y: node.namePositionY };
  }
  return { x: 0, y: nodeIconSizeOrDefault(node.iconSize) / 2 + nodeNameSizeOrDefault(node.nameSize) * 0.75 };
}

/** CSS font of a name of `size` image pixels. */
function nameFont(size: number): string {
  return `${size}px ${FONT_FAMILY}`;
}

const extents = new WeakMap<readonly FloorPlanNode[], number>();

/**
 * How far (image pixels) anything of a node may reach from its position: icon radius, name offset
 * and a generous name width. Nodes whose position is farther than this outside the view are skipped.
 */
export function nodesReach(nodes: readonly FloorPlanNode[]): number {
  const known = extents.get(nodes);
  if (known !== undefined) return known;
  let reach = 0;
  for (const node of nodes) {
    const offset = nodeNameOffset(node);
    const name = nodeNameSizeOrDefault(node.nameSize) * (0.6 * node.name.length + 1);
    reach = Math.max(reach, nodeIconSizeOrDefault(node.iconSize) / 2, Math.hypot(offset.x, offset.y) + name);
  }
  extents.set(nodes, reach);
  return reach;
}

/** What to leave out: a node being dragged, and a name drawn by its own draggable text. */
export interface NodeDrawOptions {
  hiddenNodeId?: number | null;
  hiddenNameId?: number | null;
  /** Positions that replace the stored ones until new props arrive (a node just dropped). */
  moved?: ReadonlyMap<number, PlanPoint>;
  /**
   * Leave out a name that would overlap one already drawn (viewing; editing shows every name, so each
   * can be dragged clear). Names scale with the plan, so a left-out name shows when its node is the
   * priority one.
   */
  declutter?: boolean;
  /** A node whose name is drawn before the others, so decluttering never hides it (the selected one). */
  priorityId?: number | null;
}

/** Position of a node, taking a just-dropped position into account. */
export function nodePosition(node: FloorPlanNode, moved?: ReadonlyMap<number, PlanPoint>): PlanPoint {
  return moved?.get(node.id) ?? { x: node.positionX, y: node.positionY };
}

/**
 * Draws every node inside `visible` (image coordinates) in one pass: icons batched by status colour
 * (one path and one fill per colour), then names, which are skipped when they would be too small
 * to read on screen (the domain's `isLabelReadable`: under 10 px) or, decluttering, would overlap a name already drawn. The context already carries the stage transform.
 */
export function drawNodes(
  ctx: CanvasRenderingContext2D,
  nodes: readonly FloorPlanNode[],
  visible: PlanBox,
  zoom: number,
  options: NodeDrawOptions = {},
): void {
  const reach = nodesReach(nodes);
  const inView: FloorPlanNode[] = [];
  for (const node of nodes) {
    if (node.id === options.hiddenNodeId) continue;
    const { x, y } = nodePosition(node, options.moved);
    if (x + reach < visible.minX || x - reach > visible.maxX || y + reach < visible.minY || y - reach > visible.maxY) {
      continue;
    }
    inView.push(node);
  }
  drawIcons(ctx, inView, zoom, options.moved);
  drawNames(ctx, inView, zoom, options);
}

function drawIcons(
  ctx: CanvasRenderingContext2D,
  nodes: readonly FloorPlanNode[],
  zoom: number,
  moved?: ReadonlyMap<number, PlanPoint>,
) {
  const byColor = new Map<string, FloorPlanNode[]>();
  for (const node of nodes) {
    const color = node.fill || statusColor(node.status);
    const list = byColor.get(color);
    if (list) list.push(node);
    else byColor.set(color, [node]);
  }
  ctx.lineWidth = 1 / zoom;
  ctx.strokeStyle = PlanColors.image;
  for (const [color, list] of byColor) {
    ctx.beginPath();
    for (const node of list) {
      const { x, y } = nodePosition(node, moved);
      const radius = nodeIconSizeOrDefault(node.iconSize) / 2;
      ctx.moveTo(x + radius, y);
      ctx.arc(x, y, radius, 0, Math.PI * 2);
    }
    ctx.fillStyle = color;
    ctx.fill();
    ctx.stroke();
  }
  drawMarks(ctx, nodes, moved);
}

/** Badges (offline, fault) at the top right of the icons that carry one, batched by colour. */
function drawMarks(
  ctx: CanvasRenderingContext2D,
  nodes: readonly FloorPlanNode[],
  moved?: ReadonlyMap<number, PlanPoint>,
) {
  const byColor = new Map<string, FloorPlanNode[]>();
  for (const node of nodes) {
    if (!node.mark) continue;
    const list = byColor.get(node.mark);
    if (list) list.push(node);
    else byColor.set(node.mark, [node]);
  }
  for (const [color, list] of byColor) {
    ctx.beginPath();
    for (const node of list) {
      const { x, y } = nodePosition(node, moved);
      const radius = nodeIconSizeOrDefault(node.iconSize) / 2;
      const at = { x: x + radius * 0.7, y: y - radius * 0.7 };
      ctx.moveTo(at.x + radius * 0.4, at.y);
      ctx.arc(at.x, at.y, radius * 0.4, 0, Math.PI * 2);
    }
    ctx.fillStyle = color;
    ctx.fill();
    ctx.stroke();
  }
}

function drawNames(
  ctx: CanvasRenderingContext2D,
  nodes: readonly FloorPlanNode[],
  zoom: number,
  options: NodeDrawOptions,
) {
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  let font = '';
  let color = '';
  const placed = options.declutter ? new LabelGrid(LABEL_CELL_SCREEN_PX / zoom) : null;
  const priority = options.priorityId == null ? undefined : nodes.find((n) => n.id === options.priorityId);
  const ordered = priority ? [priority, ...nodes.filter((n) => n !== priority)] : nodes;
  for (const node of ordered) {
    if (node.id === options.hiddenNameId || !node.name) continue;
    const size = nodeNameSizeOrDefault(node.nameSize);
    if (!isLabelReadable(size, zoom)) continue;
    const nextFont = nameFont(size);
    if (nextFont !== font) ctx.font = font = nextFont;
    const position = nodePosition(node, options.moved);
    const offset = nodeNameOffset(node);
    const x = position.x + offset.x;
    const y = position.y + offset.y;
    if (placed && !node.nameAngle) {
      const half = textWidth(ctx, font, node.name) / 2 + LABEL_GAP_PX / zoom;
      const box = { minX: x - half, maxX: x + half, minY: y - size / 2, maxY: y + size / 2 };
      if (!placed.add(box)) continue;
    }
    const nextColor = node.nameColor || PlanColors.name;
    if (nextColor !== color) ctx.fillStyle = color = nextColor;
    if (node.nameAngle) {
      ctx.save();
      ctx.translate(x, y);
      ctx.rotate((node.nameAngle * Math.PI) / 180);
      ctx.fillText(node.name, 0, 0);
      ctx.restore();
    } else {
      ctx.fillText(node.name, x, y);
    }
  }
}

/** Room kept free on each side of a decluttered name, in screen pixels. */
const LABEL_GAP_PX = 3;
/** Cell size of the grid that finds a name's neighbours, in screen pixels. */
const LABEL_CELL_SCREEN_PX = 96;

const widths = new Map<string, number>();

/** Width of a text in a font (image pixels), measured once. */
function textWidth(ctx: CanvasRenderingContext2D, font: string, text: string): number {
  const key = `${font}\n${text}`;
  let width = widths.get(key);
  if (width === undefined) {
    if (widths.size > 20_000) widths.clear();
    width = ctx.measureText(text).width;
    widths.set(key, width);
  }
  return width;
}

/** Boxes already taken by names, bucketed in a grid so each test looks only at its neighbours. */
class LabelGrid {
  private readonly cells = new Map<string, PlanBox[]>();
  constructor(private readonly cell: number) {}

  /** Takes `box` when it overlaps no box taken before; answers whether it did. */
  add(box: PlanBox): boolean {
    const keys: string[] = [];
    for (let cx = Math.floor(box.minX / this.cell); cx <= Math.floor(box.maxX / this.cell); cx++) {
      for (let cy = Math.floor(box.minY / this.cell); cy <= Math.floor(box.maxY / this.cell); cy++) {
        const key = `${cx},${cy}`;
        for (const other of this.cells.get(key) ?? []) {
          if (box.minX < other.maxX && other.minX < box.maxX && box.minY < other.maxY && other.minY < box.maxY) {
            return false;
          }
        }
        keys.push(key);
      }
    }
    for (const key of keys) {
      const list = this.cells.get(key);
      if (list) list.push(box);
      else this.cells.set(key, [box]);
    }
    return true;
  }
}
