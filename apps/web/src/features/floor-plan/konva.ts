// Konva's core and only the shapes the plan draws: the full build adds 15 shapes and 20 image filters
// the console never uses. The core registers Konva on `window` (`window.Konva.stages`, read by e2e);
// each shape module registers its class when imported. The plan is drawn with Konva's own objects:
// no second React renderer.
import 'konva/lib/Core';

export { Group } from 'konva/lib/Group';
export { Layer } from 'konva/lib/Layer';
export type { KonvaEventObject } from 'konva/lib/Node';
export { Shape } from 'konva/lib/Shape';
export { Stage } from 'konva/lib/Stage';
export { Circle } from 'konva/lib/shapes/Circle';
export { Line } from 'konva/lib/shapes/Line';
export { Rect } from 'konva/lib/shapes/Rect';
export { Text } from 'konva/lib/shapes/Text';
