import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    // Pure logic runs in node; component tests opt into jsdom with a @vitest-environment docblock.
    environment: 'node',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // A bound, not a wait: component tests render and wait for events, and npm test runs them
    // beside two lanes of emulator and browser suites on two cores (5 s timed out there).
    testTimeout: 30_000,
  },
});
