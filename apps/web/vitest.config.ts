import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    // The files share their worker's jsdom and modules (antd and the app are imported once per worker, not
    // once per file: the tier's CPU time fell by three quarters); src/test/setup.ts puts back after each test
    // what a test may change (the DOM, globals, storage, the language). No test mocks a module.
    isolate: false,
    // Above the 30 s a findBy/waitFor may take (src/test/setup.ts).
    testTimeout: 60_000,
  },
});
