import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { promisify } from 'node:util';

import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** The emitted files worth compressing; source maps are fetched only by developer tools. */
const compressible = /\.(js|mjs|css|html|json|svg|txt)$/;

/**
 * precompress writes a brotli (.br) and a gzip (.gz) copy beside each compressible file of the
 * build, at the highest levels, so the local gateway serves them compressed as CloudFront
 * would, without compressing on every request. CloudFront compresses on its own and needs no
 * copies.
 */
function precompress(): Plugin {
  const toGzip = promisify(gzip);
  const toBrotli = promisify(brotliCompress);
  return {
    name: 'cxm-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      await Promise.all(
        Object.keys(bundle)
          .filter((file) => compressible.test(file))
          .map(async (file) => {
            const path = join(dir, file);
            const body = await readFile(path);
            const [gz, br] = await Promise.all([
              toGzip(body, { level: 9 }),
              toBrotli(body, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
                },
              }),
            ]);
            await Promise.all([writeFile(`${path}.gz`, gz), writeFile(`${path}.br`, br)]);
          }),
      );
    },
  };
}

// The dev server forwards the configuration file, the API areas and the local sign-in service
// to a running local gateway (`make run`), so `npm run dev` behaves like the served build.
const gateway = process.env.CXM_GATEWAY_URL ?? 'http://127.0.0.1:8080';
const proxiedPrefixes = [
  '/config.json',
  '/healthz',
  '/cognito',
  '/auth',
  '/users',
  '/usersettings',
  '/core',
  '/api',
  '/products',
  '/packages',
  '/account',
  '/platform',
  '/pando',
  '/message',
  '/RolePermissions',
  '/rolepermissions',
];

export default defineConfig({
  // Relative asset URLs: the build is served from the site root locally and from a bucket behind
  // a CDN in production, and the hash router never needs a server-side route.
  base: './',
  plugins: [react(), precompress()],
  server: {
    proxy: Object.fromEntries(
      proxiedPrefixes.map((prefix) => [prefix, { target: gateway }]),
    ),
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // The manifest maps each source entry and lazily loaded screen to its files; the size budget
    // (scripts/bundle-budget.mjs) reads it.
    manifest: true,
    rolldownOptions: {
      experimental: {
        // Merging common chunks moves modules only screens share into a chunk the first page
        // also loads (floating-ui and ScrollArea went along with the notifications), so every
        // visitor would download code for screens they have not opened.
        chunkOptimization: { mergeCommonChunks: false },
      },
      output: {
        // Libraries every page needs change less often than the app: keep them in their own
        // long-cached file. Nothing else is grouped by hand: a group takes its modules'
        // dependencies with it, and a shared one (tslib) would drag the group into the first
        // page. The identity provider's SDK is its own chunk because only a dynamic import
        // (src/lib/auth.ts) reaches it; the component library splits with the screens using it.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler|@tanstack)[\\/]/ },
            // The features' query keys (a few bytes, no imports of their own) are shared by a
            // screen and the tabs and dialogs it loads later; on their own they do not tie
            // those chunks to the screen's chunk and everything it imports.
            // Likewise the pieces the activity dialogs share with the call form they load later.
            { name: 'activity-form-parts', test: /src[\\/]features[\\/]activity[\\/]components[\\/]activity-form-parts\.tsx$/ },
            { name: 'query-keys', test: /src[\\/]features[\\/](activity|contacts|dealers|merge|relations|users|leads)[\\/]api[\\/]keys\.ts$/ },
          ],
        },
      },
    },
  },
});
