import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    // Above the 30 s a findBy/waitFor may take (src/test/setup.ts).
    testTimeout: 60_000,
  },
});
