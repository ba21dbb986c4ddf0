import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/**
 * antd's engine and the components of the console frame and of most console pages. Every console
 * page loads them, each from some forty small files: one chunk instead saves a request and its
 * headers (about 0.45 kB on the wire) per file, and compresses better.
 */
const CONSOLE_LIBRARIES = new RegExp(
  [
    String.raw`node_modules[\\/]antd[\\/]es[\\/](_util|style|theme|config-provider|locale|layout|menu|tabs|dropdown|breadcrumb|tooltip|button|space|grid|row|col|flex|empty|card|spin|tag|skeleton|form[\\/]context|version)[\\/]`,
    String.raw`node_modules[\\/]antd[\\/]es[\\/][^\\/]+\.js$`,
    String.raw`node_modules[\\/]@rc-component[\\/](util|motion|trigger|portal|resize-observer|context|menu|overflow|dropdown|tabs|tooltip)[\\/]`,
    String.raw`node_modules[\\/]@ant-design[\\/](cssinjs|cssinjs-utils|colors|fast-color)[\\/]`,
    // The icon component, not the icons: each page brings those it draws.
    String.raw`node_modules[\\/]@ant-design[\\/]icons[\\/]es[\\/](components|utils|[^\\/]+\.js$)`,
    String.raw`node_modules[\\/](@babel[\\/]runtime|stylis|@emotion|is-mobile|react-is|clsx|throttle-debounce)[\\/]`,
  ].join('|'),
);

/** The app's entry, the sign-in page and what it loads: modules they import stay out of the chunk. */
const PUBLIC_ROOTS = [
  /[\\/]src[\\/]main\.tsx$/,
  /[\\/]src[\\/]pages[\\/]login[\\/]index\.tsx$/,
  /[\\/]src[\\/]layouts[\\/]public-layout\.tsx$/,
  /[\\/]src[\\/]i18n[\\/]languages[\\/][a-z]+\.ts$/,
];

/**
 * The `console` code-splitting group's test: {@link CONSOLE_LIBRARIES} less every module the app's
 * entry or the sign-in page may import (whose chunk would otherwise come to the sign-in page).
 * The plugin reads the import graph once it is complete (`buildEnd`), before chunks are made.
 */
export function consoleChunk(): { plugin: Plugin; test: (id: string) => boolean } {
  const open = new Set<string>();
  const plugin: Plugin = {
    name: 'lightwell-console-chunk',
    apply: 'build',
    enforce: 'pre',
    // antd's form context (imported by every input-like component: select, typography...) takes only
    // `FormProvider` from rc-form's index; the chunk group takes a module's imports with it, and the
    // index imports all of rc-form (some 10 kB on the wire). The provider's own module instead.
    // Likewise antd's Button and Tag styles take `isBright` from the color picker's presets module,
    // which imports Collapse for its presets list: the helper alone instead (antd-is-bright.ts).
    async resolveId(source, importer) {
      if (!importer) return null;
      if (
        source === '../../color-picker/components/ColorPresets' &&
        /antd[\\/]es[\\/](button|tag)[\\/]style[\\/]/.test(importer)
      ) {
        return fileURLToPath(new URL('./antd-is-bright.ts', import.meta.url));
      }
      // antd's color helpers take rc-color-picker's Color class from its index, which imports the
      // whole picker (palette, sliders): its own module instead.
      if (
        source === '@rc-component/color-picker' &&
        /antd[\\/]es[\\/]color-picker[\\/](color|util)\.js$/.test(importer)
      ) {
        return this.resolve('@rc-component/color-picker/es/color.js', importer, { skipSelf: true });
      }
      if (source !== '@rc-component/form' || !/antd[\\/]es[\\/]form[\\/]context\.js$/.test(importer)) {
        return null;
      }
      return this.resolve('@rc-component/form/es/FormContext.js', importer, { skipSelf: true });
    },
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const stack = ids.filter((id) => PUBLIC_ROOTS.some((root) => root.test(id)));
      while (stack.length > 0) {
        const id = stack.pop()!;
        if (open.has(id)) continue;
        open.add(id);
        stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };
  return { plugin, test: (id) => CONSOLE_LIBRARIES.test(id) && !open.has(id) };
}
