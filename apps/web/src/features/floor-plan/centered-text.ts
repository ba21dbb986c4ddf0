import type { PlanBox } from '@lightwell/domain';
import { type KonvaEventObject, Text } from './konva';
import { FONT_FAMILY } from './node-drawing';

/** What a {@link createCenteredText} text shows. */
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
  /** Box in image pixels used to skip the text when it is out of view. */
  planBounds?: PlanBox;
  /** Zone the text names, if it is a zone name. */
  zoneId?: number;
}

/** A Konva text placed as names are on the map; `onDragEnd` is called when the user drops it. */
export function createCenteredText(onDragEnd: (event: KonvaEventObject<DragEvent>) => void): Text {
  const text = new Text({ fontFamily: FONT_FAMILY, perfectDrawEnabled: false });
  text.on('dragend', onDragEnd);
  return text;
}

/** Shows `props` on `text`, centred on (x, y) and rotated about its centre by the measured size. */
export function updateCenteredText(text: Text, { draggable = false, rotation = 0, ...props }: CenteredTextProps) {
  text.setAttrs({ ...props, rotation, draggable, listening: draggable });
  text.offsetX(text.width() / 2);
  text.offsetY(text.height() / 2);
}
