import { DEMO_NETWORK, DEMO_ZONES, type DemoProduct } from './demo-installation.ts';
import { encodePng, type Rgb } from './png.ts';

/** The file name of the demo network's floor plan. */
export const PLAN_FILE = 'plan-demo-office.png';

/** A 32×32 icon: the product's colour with a white glyph of its kind. */
export function productIcon(product: DemoProduct): Buffer {
  const [r, g, b] = product.colour;
  const white: Rgb = [255, 255, 255];
  const colour: Rgb = [r, g, b];
  return encodePng(32, 32, (x, y) => {
    const dx = x - 15.5;
    const dy = y - 15.5;
    const d = Math.sqrt(dx * dx + dy * dy);
    if (d > 15.5) return white;
    switch (product.glyph) {
      case 'bulb':
        return d < 7 ? white : colour;
      case 'ring':
        return d > 5 && d < 8 ? white : colour;
      case 'square':
        return Math.abs(dx) < 6 && Math.abs(dy) < 6 ? white : colour;
      case 'panel':
        return Math.abs(dx) < 8 && Math.abs(dy) < 5 ? white : colour;
      case 'cross':
        return (Math.abs(dx) < 2.5 && Math.abs(dy) < 9) || (Math.abs(dy) < 2.5 && Math.abs(dx) < 9) ? white : colour;
    }
  });
}

/** The floor plan: light background, walls around each zone's room. */
export function floorPlan(): Buffer {
  const { width, height } = DEMO_NETWORK;
  const rooms = DEMO_ZONES.map((zone) => zone.rect);
  return encodePng(width, height, (x, y) => {
    if (x < 16 || y < 16 || x >= width - 16 || y >= height - 16) return [89, 89, 89];
    for (const room of rooms) {
      const inside = x >= room.x - 6 && x < room.x + room.w + 6 && y >= room.y - 6 && y < room.y + room.h + 6;
      const wall = inside && (x < room.x || x >= room.x + room.w || y < room.y || y >= room.y + room.h);
      const door = Math.abs(x - (room.x + room.w / 2)) < 30;
      if (wall && !door) return [140, 140, 140];
    }
    return [247, 247, 242];
  });
}
