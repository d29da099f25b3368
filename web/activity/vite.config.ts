// The Activity's page (README, The Activity): `npm run build:activity` writes web/activity/dist, which the
// bot serves itself (src/activity/server.ts). Preact, the Embedded App SDK and the font are bundled:
// nothing is fetched from another host at run time.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022', reportCompressedSize: false, chunkSizeWarningLimit: 600 },
});
