import { fileURLToPath } from 'node:url';
import { constants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { consoleChunk } from './console-chunk';

/** Address of the Fastify server during `vite` development (its default PORT). */
const apiTarget = process.env.LIGHTWELL_API ?? 'http://127.0.0.1:8080';

/** antd's rc-component packages and its style engine: none declares `sideEffects`. */
const antdEngine = /node_modules[\\/](@rc-component|@ant-design[\\/](cssinjs|cssinjs-utils|colors|fast-color))[\\/]/;

const consoleLibraries = consoleChunk();

/** The app's own modules and the domain package: the candidates of the `app` chunk. */
const appModules = /apps[\\/]web[\\/]src[\\/]|packages[\\/]domain[\\/]/;

/** The modules that format times with date-fns: only the pages that show a time load them. */
const dateFormatting = /[\\/](hooks[\\/]use-format-instant|locale[\\/]format-date)\.ts$|node_modules[\\/]date-fns[\\/]/;

/**
 * react-router's package exports only its development build (dev warnings on); its production build
 * is the same code with them off. The build takes the latter, `vite` development and tests the former.
 */
const reactRouterProduction = fileURLToPath(
  new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    consoleLibraries.plugin,
    // Brotli and gzip copies made once at build time; the server sends the one the browser accepts.
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      include: /\.(js|css|html|svg|json)$/,
      threshold: 1024,
    }),
  ],
  resolve: {
    // The console's policy forbids eval: zod, switched to jitless before any schema is built.
    alias: [
      { find: /^zod$/, replacement: '@lightwell/domain/zod-without-eval' },
      ...(command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : []),
    ],
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/SigMesh': { target: apiTarget, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The largest chunk is ECharts (about 550 kB, 155 kB brotli), loaded only by the five data pages and
    // cached for a year; the payload spec keeps it off the first pages. No warning for it at every start.
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      // antd's rc-component packages and style engine declare no `sideEffects`, so importing one export
      // kept every module their index re-exports (antd's Select brought rc-form and its validator to the
      // plan page). Their modules only define components and helpers: drop what nothing uses. Other
      // packages keep their own declaration (konva's shapes register themselves on import).
      treeshake: { moduleSideEffects: (id) => (antdEngine.test(id) ? false : undefined) },
      output: {
        // Chunks follow the import graph: each page gets the antd components it imports, and the
        // console shell and the plan renderer (konva) load only with routes that use them. React and the
        // router are needed by every page and change rarely: one long-cached chunk.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            // The libraries every page runs on, the sign-in page included (i18n, queries, the session store).
            {
              name: 'core',
              test: /node_modules[\\/](i18next|react-i18next|@tanstack|zustand|use-sync-external-store|@babel[\\/]runtime)[\\/]/,
            },
            // antd's English texts: its default locale, which the console's libraries use, and the
            // English language pack, which the sign-in page loads. Their own file keeps the console's
            // libraries off the sign-in page.
            {
              name: 'antd-en',
              test: /node_modules[\\/](antd[\\/]es[\\/]((date-picker|time-picker|calendar)[\\/])?locale[\\/]en_US|@rc-component[\\/](pagination|picker)[\\/]es[\\/]locale[\\/](en_US|common))\.js$/,
            },
            // antd's engine and the components of the console frame and most console pages (menu, tabs,
            // dropdown, select, card...), in one file instead of some forty: every console page loads
            // them, the sign-in page none (console-chunk.ts). Only the matched modules: a group taking
            // their dependencies too took modules the sign-in page shares with them to that page.
            { name: 'console', test: consoleLibraries.test },
            // antd's Select with rc-select and its list: the pages that draw a select load it with them;
            // the plan loads it when one of its selects is first opened (LazySelect).
            {
              name: 'select',
              test: /node_modules[\\/](antd[\\/]es[\\/]select|@rc-component[\\/](select|virtual-list))[\\/]/,
            },
            // ECharts and its renderer (zrender, tslib), tree-shaken to what features/energy/echarts.ts
            // registers: one long-cached file that only the data pages (heat maps, overview) load.
            { name: 'echarts', test: /node_modules[\\/](echarts|zrender|tslib)[\\/]/ },
            // The app's own modules that most pages use (API client, session, stores, route table, i18n),
            // one file rather than some twenty of 1 kB each. Only what nearly every page shares: a shared
            // component drawn with antd in it would make the sign-in page load antd's console chunk too
            // (at 20, with the emergency pages, it did: 306 kB; e2e/shell/payload.spec.ts keeps the budget).
            // Time formatting stays out however many pages share it: the group takes a module's imports
            // with it, and date-fns (some 5 kB on the wire) would come to every page, the sign-in page and
            // the plan included, which show no formatted time.
            {
              name: 'app',
              test: (id) => appModules.test(id) && !dateFormatting.test(id),
              minShareCount: 28,
            },
            // Icons by the pages that draw them, small sets merged: a page gets its icons in a few files.
            {
              name: 'icons',
              test: /node_modules[\\/]@ant-design[\\/](icons[\\/]es[\\/]icons|icons-svg)[\\/]/,
              includeDependenciesRecursively: false,
              entriesAware: true,
              entriesAwareMergeThreshold: 10_000,
            },
          ],
        },
      },
    },
  },
}));
