import { vi } from 'vitest';

/**
 * jsdom has no canvas: a 2D context that draws nothing, so ECharts and Konva run their real code in
 * component tests (what they were told to draw is read from their own models, not from pixels).
 * Every method is a no-op; `measureText` answers a width of 6 px per character.
 */
export function stubCanvas(): void {
  const store = new Map<PropertyKey, unknown>();
  const context = new Proxy({} as Record<PropertyKey, unknown>, {
    get(_, key) {
      if (store.has(key)) return store.get(key);
      if (key === 'measureText') return (text: string) => ({ width: text.length * 6 });
      if (key === 'getImageData' || key === 'createImageData')
        return (_x: number, _y: number, w = 1, h = 1) => ({
          data: new Uint8ClampedArray(w * h * 4),
          width: w,
          height: h,
        });
      if (key === 'getLineDash') return () => [];
      if (key === 'canvas') return undefined;
      return () => ({ addColorStop: () => undefined });
    },
    set(_, key, value) {
      store.set(key, value);
      return true;
    },
  });
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    () => context as unknown as CanvasRenderingContext2D,
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockImplementation(() => 'data:,');
}
