import { seededRandom } from '@lightwell/domain';
import type { FloorPlanNode, FloorPlanZone } from '../../../apps/web/src/features/floor-plan';

/** Size of the synthetic floor plan, in image pixels. */
export const PLAN_SIZE = { width: 4000, height: 3000 } as const;

const COLUMNS = 20;
const ROWS = 10;
const NODES_PER_ZONE = 10;
const CELL_W = PLAN_SIZE.width / COLUMNS;
const CELL_H = PLAN_SIZE.height / ROWS;
const INSET = 12;

const COLORS = ['#91caff', '#b7eb8f', '#ffd591', '#ffadd2', '#d3adf7', '#87e8de'];

/** 200 zones on a 20×10 grid of rooms (every third one an L-shaped polygon) and 10 nodes in each: 2,000. */
export function syntheticPlan(): { zones: FloorPlanZone[]; nodes: FloorPlanNode[] } {
  const next = seededRandom(42);
  const zones: FloorPlanZone[] = [];
  const nodes: FloorPlanNode[] = [];
  for (let row = 0; row < ROWS; row++) {
    for (let column = 0; column < COLUMNS; column++) {
      const id = row * COLUMNS + column + 1;
      const left = column * CELL_W + INSET;
      const top = row * CELL_H + INSET;
      const right = (column + 1) * CELL_W - INSET;
      const bottom = (row + 1) * CELL_H - INSET;
      const polygon = id % 3 === 0;
      const notchX = (left + right) / 2;
      const notchY = (top + bottom) / 2;
      zones.push({
        id,
        name: `Room ${String(id).padStart(3, '0')}`,
        shape: polygon ? 2 : 1,
        points: polygon
          ? [
              { x: left, y: top },
              { x: notchX, y: top },
              { x: notchX, y: notchY },
              { x: right, y: notchY },
              { x: right, y: bottom },
              { x: left, y: bottom },
            ]
          : [
              { x: left, y: top },
              { x: right, y: top },
              { x: right, y: bottom },
              { x: left, y: bottom },
            ],
        bgColor: COLORS[id % COLORS.length],
        zoneNameSize: 16,
      });
      for (let i = 0; i < NODES_PER_ZONE; i++) {
        const roll = next();
        const nodeId = (id - 1) * NODES_PER_ZONE + i + 1;
        nodes.push({
          id: nodeId,
          name: `L-${String(nodeId).padStart(4, '0')}`,
          positionX: left + 30 + (i % 2) * (CELL_W / 2 - 20) + next() * 20,
          positionY: top + 40 + Math.floor(i / 2) * ((CELL_H - 2 * INSET - 60) / 5) + next() * 10,
          zoneId: id,
          status: roll < 0.1 ? 0 : roll < 0.15 ? 1 : roll < 0.2 ? 2 : 3,
          nameSize: 12,
          iconSize: 20,
        });
      }
    }
  }
  return { zones, nodes };
}

/** A 4000×3000 floor-plan picture: paper, a 50 px grid, walls around every room, a door in each. */
export async function syntheticImageUrl(): Promise<string> {
  const canvas = new OffscreenCanvas(PLAN_SIZE.width, PLAN_SIZE.height);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2D context');
  ctx.fillStyle = '#fbfaf6';
  ctx.fillRect(0, 0, PLAN_SIZE.width, PLAN_SIZE.height);
  ctx.strokeStyle = '#e6e3da';
  ctx.lineWidth = 1;
  ctx.beginPath();
  for (let x = 0; x <= PLAN_SIZE.width; x += 50) ctx.rect(x, 0, 0.5, PLAN_SIZE.height);
  for (let y = 0; y <= PLAN_SIZE.height; y += 50) ctx.rect(0, y, PLAN_SIZE.width, 0.5);
  ctx.stroke();
  ctx.strokeStyle = '#4a4a4a';
  ctx.lineWidth = 8;
  for (let row = 0; row < ROWS; row++) {
    for (let column = 0; column < COLUMNS; column++) {
      const x = column * CELL_W;
      const y = row * CELL_H;
      ctx.beginPath();
      ctx.moveTo(x + CELL_W * 0.35, y);
      ctx.lineTo(x, y);
      ctx.lineTo(x, y + CELL_H);
      ctx.lineTo(x + CELL_W, y + CELL_H);
      ctx.lineTo(x + CELL_W, y);
      ctx.lineTo(x + CELL_W * 0.6, y);
      ctx.stroke();
    }
  }
  const blob = await canvas.convertToBlob({ type: 'image/png' });
  return URL.createObjectURL(blob);
}
