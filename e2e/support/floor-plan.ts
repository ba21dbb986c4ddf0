import { expect, type Page } from '@playwright/test';

/** What the Konva stage of the floor plan shows: its offset and scale, zones and zone names. */
export interface StageInfo {
  x: number;
  y: number;
  zoom: number;
  image: boolean;
  zones: { id: string; points: number[] }[];
  names: { id: string; x: number; y: number; text: string }[];
}

/** Reads the floor-plan stage (STYLE 14: e2e reads the Konva stage, not pixels). */
export async function stageInfo(page: Page): Promise<StageInfo> {
  await page.waitForFunction(() =>
    ((window as unknown as { Konva?: { stages: { id(): string }[] } }).Konva?.stages ?? []).some(
      (s) => s.id() === 'floor-plan',
    ),
  );
  return page.evaluate(() => {
    type Shape = { id(): string; x(): number; y(): number; points?(): number[]; text?(): string };
    type Stage = Shape & { scaleX(): number; find(selector: string): Shape[]; findOne(selector: string): unknown };
    const konva = (window as unknown as { Konva: { stages: Stage[] } }).Konva;
    const stage = konva.stages.find((s) => s.id() === 'floor-plan')!;
    return {
      x: stage.x(),
      y: stage.y(),
      zoom: stage.scaleX(),
      image: Boolean(stage.findOne('#plan-image')),
      zones: stage.find('.zone').map((z) => ({ id: z.id(), points: z.points?.() ?? [] })),
      names: stage.find('.zone-name').map((n) => ({ id: n.id(), x: n.x(), y: n.y(), text: n.text?.() ?? '' })),
    };
  });
}

/** Screen position of a point of the floor-plan image. */
export async function toScreen(page: Page, point: { x: number; y: number }) {
  const box = (await page.getByTestId('floor-plan-canvas').boundingBox())!;
  const stage = await stageInfo(page);
  return { x: box.x + stage.x + point.x * stage.zoom, y: box.y + stage.y + point.y * stage.zoom };
}

/** Drags with the mouse from one image point to another. */
export async function dragOnPlan(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  const a = await toScreen(page, from);
  const b = await toScreen(page, to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 5 });
  await page.mouse.move(b.x, b.y, { steps: 5 });
  await page.mouse.up();
}

/** Waits until the stage shows zone names equal to `names` (in any order). */
export async function expectZoneNames(page: Page, names: string[]) {
  await expect.poll(async () => (await stageInfo(page)).names.map((n) => n.text).sort()).toEqual([...names].sort());
}
