import type { PlanBox } from '@lightwell/domain';
import type Konva from 'konva';
import type { KonvaEventObject } from 'konva/lib/Node';
import { useLayoutEffect, useRef } from 'react';
import { Text } from './konva';
import { FONT_FAMILY } from './node-drawing';

/** Props of {@link CenteredText}. */
export interface CenteredTextProps {
  id?: string;
  name?: string;
  text: string;
  /** Centre of the text, in image pixels. */
  x: number;
  y: number;
  fontSize: number;
  fill: string;
  rotation?: number;
  draggable?: boolean;
  listening?: boolean;
  /** Box in image pixels used to skip the text when it is out of view. */
  planBounds?: PlanBox;
  /** Zone the text names, if it is a zone name. */
  zoneId?: number;
  onDragEnd?: (event: KonvaEventObject<DragEvent>) => void;
}

/** A Konva text centred on (x, y) and rotated about its centre, as names are placed on the map. */
export function CenteredText({ draggable = false, listening = false, rotation = 0, ...props }: CenteredTextProps) {
  const ref = useRef<Konva.Text>(null);
  // After every render (text or size may have changed): centre on the measured size.
  useLayoutEffect(() => {
    const node = ref.current;
    if (!node || (node.offsetX() === node.width() / 2 && node.offsetY() === node.height() / 2)) return;
    node.offsetX(node.width() / 2);
    node.offsetY(node.height() / 2);
    node.getLayer()?.batchDraw();
  });
  return (
    <Text
      ref={ref}
      {...props}
      fontFamily={FONT_FAMILY}
      rotation={rotation}
      draggable={draggable}
      listening={listening || draggable}
      perfectDrawEnabled={false}
    />
  );
}
