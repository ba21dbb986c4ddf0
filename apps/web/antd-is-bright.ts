import { Color as RcColor } from '@rc-component/color-picker/es/color.js';

/**
 * antd's `isBright` (antd/es/color-picker/components/ColorPresets.js), which its Button and Tag styles
 * import to pick a solid button's or tag's text colour. That module also holds the color picker's
 * presets list, built on Collapse: importing the helper from there took Collapse and the presets
 * into the `console` chunk. The same function, alone (console-chunk.ts resolves those two imports here).
 */
export const isBright = (
  value: { toRgb(): { r: number; g: number; b: number; a: number }; toRgbString(): string },
  bgColorToken: string,
): boolean => {
  const { r, g, b, a } = value.toRgb();
  const hsv = new RcColor(value.toRgbString()).onBackground(bgColorToken).toHsv();
  if (a <= 0.5) {
    // Adapted to dark mode
    return hsv.v > 0.5;
  }
  return r * 0.299 + g * 0.587 + b * 0.114 > 192;
};
