// Konva's core and only the shapes the plan draws: the full build adds 15 shapes and 20 image filters
// the console never uses. Each shape module registers its class with Konva when imported.
import 'konva/lib/shapes/Circle';
import 'konva/lib/shapes/Line';
import 'konva/lib/shapes/Rect';
import 'konva/lib/shapes/Text';

export { Circle, Layer, Line, Rect, Shape, Stage, Text } from 'react-konva/lib/ReactKonvaCore';
