// Only the parts of Konva the plan uses: the stage, layers, groups and four shapes (the full build adds
// 15 shapes and 20 image filters, and its core adds tweens and animations, about 7 kB on the wire).
// Each module registers its class with Konva when imported; Konva puts itself on `window`. The plan is
// drawn with Konva's own objects: no second React renderer.
import { Konva } from 'konva/lib/Global';
import { stages } from 'konva/lib/Stage';

// The stage list Konva's core publishes (`window.Konva.stages`): browser tests find the plan there.
Object.assign(Konva, { stages });

export { Group } from 'konva/lib/Group';
export { Layer } from 'konva/lib/Layer';
export type { KonvaEventObject } from 'konva/lib/Node';
export { Shape } from 'konva/lib/Shape';
export { Stage } from 'konva/lib/Stage';
export { Circle } from 'konva/lib/shapes/Circle';
export { Line } from 'konva/lib/shapes/Line';
export { Rect } from 'konva/lib/shapes/Rect';
export { Text } from 'konva/lib/shapes/Text';
