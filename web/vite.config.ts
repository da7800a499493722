import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const SERVICE_WORKER = new URL('./service-worker/app-sw.js', import.meta.url);
/** The line of app-sw.js the build replaces with its files. */
const BUILD_FILES_LINE = /^const BUILD_FILES = \[\];.*$/m;

/**
 * Emits the reporter app's service worker (`/app-sw.js`) with the build's files, so that it stores
 * them on install and every page of the app opens offline (docs/reporter-app.md#offline). Each
 * build's list differs, so the browser installs the new worker with the new build.
 */
function appServiceWorker(): Plugin {
  return {
    name: 'app-service-worker',
    apply: 'build',
    generateBundle(_options, bundle) {
      const files = Object.keys(bundle)
        .filter((name) => name.startsWith('assets/'))
        .sort()
        .map((name) => `/${name}`);
      const source = readFileSync(SERVICE_WORKER, 'utf8');
      if (!BUILD_FILES_LINE.test(source)) throw new Error('app-sw.js lost its BUILD_FILES line');
      this.emitFile({
        type: 'asset',
        fileName: 'app-sw.js',
        source: source.replace(BUILD_FILES_LINE, `const BUILD_FILES = ${JSON.stringify(files)};`),
      });
    },
  };
}

/**
 * The local stack's VAPID public key, from its one home (functions/.env.local): the console uses
 * it under the emulators only (src/lib/config.ts readWebPushKey). Only this line is read, so the
 * file's local secrets never reach the bundle.
 */
function localWebPushKey(): string {
  const env = readFileSync(new URL('../functions/.env.local', import.meta.url), 'utf8');
  return /^WEB_PUSH_PUBLIC_KEY=(\S+)$/m.exec(env)?.[1] ?? '';
}

export default defineConfig({
  plugins: [react(), tailwindcss(), appServiceWorker()],
  define: {
    'import.meta.env.VITE_LOCAL_WEB_PUSH_PUBLIC_KEY': JSON.stringify(localWebPushKey()),
  },
  server: { host: '127.0.0.1' },
  build: {
    // bundle-size.mjs reads the manifest to sum each route's chunks.
    manifest: true,
    sourcemap: false,
  },
});
