import { describe, expect, it } from 'vitest';
import { PlanColors } from './colors';
import { drawNodes, nodeNameOffset, nodesReach } from './node-drawing';
import type { FloorPlanNode } from './types';

const node = (id: number, x: number, y: number, extra: Partial<FloorPlanNode> = {}): FloorPlanNode => ({
  id,
  name: `N${id}`,
  positionX: x,
  positionY: y,
  status: 3,
  ...extra,
});

/** Records what drawNodes asks of a 2D context: arcs (icons), fills and texts. */
function recorder() {
  const calls = { arcs: [] as number[][], fills: [] as string[], texts: [] as string[] };
  const ctx = {
    fillStyle: '',
    strokeStyle: '',
    lineWidth: 1,
    font: '',
    textAlign: 'start',
    textBaseline: 'alphabetic',
    beginPath() {},
    moveTo() {},
    arc(x: number, y: number) {
      calls.arcs.push([x, y]);
    },
    fill() {
      calls.fills.push(String(ctx.fillStyle));
    },
    stroke() {},
    save() {},
    restore() {},
    translate() {},
    rotate() {},
    fillText(text: string) {
      calls.texts.push(text);
    },
    /** Every character 6 px wide. */
    measureText(text: string) {
      return { width: text.length * 6 };
    },
  };
  return { ctx: ctx as unknown as CanvasRenderingContext2D, calls };
}

describe('drawing nodes', () => {
  it('puts a name below its icon unless an offset is stored', () => {
    expect(nodeNameOffset(node(1, 0, 0))).toEqual({ x: 0, y: 12 + 9 });
    expect(nodeNameOffset(node(1, 0, 0, { namePositionX: -5, namePositionY: 30 }))).toEqual({ x: -5, y: 30 });
  });

  it('reaches as far as the longest name allows', () => {
    const nodes = [node(1, 0, 0, { name: 'abcdefghij' })];
    expect(nodesReach(nodes)).toBeCloseTo(21 + 12 * 7, 9);
  });

  it('draws only the nodes in view, one fill per status colour', () => {
    const nodes = [
      node(1, 10, 10, { status: 1 }),
      node(2, 20, 20, { status: 1 }),
      node(3, 30, 30),
      node(4, 5000, 5000),
    ];
    const { ctx, calls } = recorder();
    drawNodes(ctx, nodes, { minX: 0, minY: 0, maxX: 500, maxY: 500 }, 1);
    expect(calls.arcs).toEqual([
      [10, 10],
      [20, 20],
      [30, 30],
    ]);
    expect(calls.fills).toEqual([PlanColors.fault, PlanColors.normal]);
    expect(calls.texts).toEqual(['N1', 'N2', 'N3']);
  });

  it('leaves out unreadable names, the dragged node and a name drawn elsewhere', () => {
    const nodes = [node(1, 10, 10), node(2, 20, 20), node(3, 30, 30)];
    const far = recorder();
    drawNodes(far.ctx, nodes, { minX: 0, minY: 0, maxX: 500, maxY: 500 }, 0.25);
    expect(far.calls.texts).toEqual([]);
    const edit = recorder();
    drawNodes(edit.ctx, nodes, { minX: 0, minY: 0, maxX: 500, maxY: 500 }, 1, { hiddenNodeId: 1, hiddenNameId: 2 });
    expect(edit.calls.arcs).toEqual([
      [20, 20],
      [30, 30],
    ]);
    expect(edit.calls.texts).toEqual(['N3']);
  });

  it('hides 12 px names below 10 px on screen instead of drawing them at 6 px', () => {
    const nodes = [node(1, 10, 10), node(2, 200, 200, { nameSize: 20 })];
    const view = { minX: 0, minY: 0, maxX: 500, maxY: 500 };
    const texts = (zoom: number) => {
      const { ctx, calls } = recorder();
      drawNodes(ctx, nodes, view, zoom);
      return { texts: calls.texts, icons: calls.arcs.length };
    };
    expect(texts(1)).toEqual({ texts: ['N1', 'N2'], icons: 2 });
    expect(texts(0.875)).toEqual({ texts: ['N1', 'N2'], icons: 2 }); // 10.5 px
    expect(texts(0.75)).toEqual({ texts: ['N2'], icons: 2 }); // 9 px; the 20 px name is 15 px
    expect(texts(0.5)).toEqual({ texts: ['N2'], icons: 2 }); // 6 px; 10 px
    expect(texts(0.375)).toEqual({ texts: [], icons: 2 }); // icons stay
  });

  it('viewing, leaves out a name that would overlap one already drawn, keeping the priority node’s', () => {
    // Names of 12 px below icons of 24 px; "Lamp n" is 36 px wide.
    const nodes = [
      node(1, 100, 100, { name: 'Lamp 1' }),
      node(2, 130, 100, { name: 'Lamp 2' }), // 30 px right of 1: overlaps it
      node(3, 160, 100, { name: 'Lamp 3' }), // 60 px right of 1, overlaps 2 only: drawn when 2 is not
      node(4, 100, 110, { name: 'Lamp 4' }), // 10 px below 1: its name overlaps 1's (and 2's)
      node(5, 100, 130, { name: 'Lamp 5' }), // 30 px below 1: clear
      node(6, 145, 100, { name: 'Tilted', nameAngle: 90 }), // rotated names are always drawn
    ];
    const view = { minX: 0, minY: 0, maxX: 500, maxY: 500 };
    const editing = recorder();
    drawNodes(editing.ctx, nodes, view, 1);
    expect(editing.calls.texts).toEqual(['Lamp 1', 'Lamp 2', 'Lamp 3', 'Lamp 4', 'Lamp 5', 'Tilted']);

    const viewing = recorder();
    drawNodes(viewing.ctx, nodes, view, 1, { declutter: true });
    expect(viewing.calls.texts).toEqual(['Lamp 1', 'Lamp 3', 'Lamp 5', 'Tilted']);

    const selected = recorder();
    drawNodes(selected.ctx, nodes, view, 1, { declutter: true, priorityId: 2 });
    expect(selected.calls.texts).toEqual(['Lamp 2', 'Lamp 5', 'Tilted']);
  });

  it('draws a just-dropped node at its new place', () => {
    const { ctx, calls } = recorder();
    drawNodes(ctx, [node(1, 10, 10)], { minX: 0, minY: 0, maxX: 500, maxY: 500 }, 1, {
      moved: new Map([[1, { x: 99, y: 98 }]]),
    });
    expect(calls.arcs).toEqual([[99, 98]]);
  });
});
