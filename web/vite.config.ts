import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: { host: '127.0.0.1' },
  build: {
    // bundle-size.mjs reads the manifest to sum each route's chunks.
    manifest: true,
    sourcemap: false,
  },
});
