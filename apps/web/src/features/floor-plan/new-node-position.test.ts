import { FloorPlanDefaults } from '@lightwell/domain';
import { describe, expect, it } from 'vitest';
import { newNodePosition } from './new-node-position';

const plan = { width: 500, height: 500 };
const at = (positionX: number, positionY: number) => ({ positionX, positionY });

describe('where a new device lands on the plan (sections 3 and 9: startX 20, startY 180)', () => {
  it('is the start position', () => {
    expect([FloorPlanDefaults.startX, FloorPlanDefaults.startY]).toEqual([20, 180]);
    expect(newNodePosition(plan, [])).toEqual({ x: 20, y: 180 });
    // Nodes elsewhere leave it free.
    expect(newNodePosition(plan, [at(250, 250), at(20, 300)])).toEqual({ x: 20, y: 180 });
  });

  it('is one icon lower for each device already standing there', () => {
    expect(newNodePosition(plan, [at(20, 180)])).toEqual({ x: 20, y: 204 });
    expect(newNodePosition(plan, [at(20, 180), at(25, 200)])).toEqual({ x: 20, y: 228 });
    // A spot freed again is taken first.
    expect(newNodePosition(plan, [at(20, 204)])).toEqual({ x: 20, y: 180 });
  });

  it('starts again at the start position once the column is full to the bottom', () => {
    const column = Array.from({ length: 14 }, (_, index) => at(20, 180 + index * 24));
    expect(newNodePosition(plan, column)).toEqual({ x: 20, y: 180 });
  });

  it('stays on a plan smaller than the start position', () => {
    expect(newNodePosition({ width: 300, height: 120 }, [])).toEqual({ x: 20, y: 120 });
  });
});
