import { defineConfig, mergeConfig } from 'vitest/config';

import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'jsdom',
      // The scripts' own tests (the import rules, the size budget) run with the components'.
      include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.mjs'],
      setupFiles: ['src/testing/setup.ts'],
      restoreMocks: true,
      css: false,
      // A screen test drives a whole rendered app through user events; on a busy two-core
      // machine one can take several seconds. The limit only stops a test that hangs.
      testTimeout: 20_000,
    },
  }),
);
