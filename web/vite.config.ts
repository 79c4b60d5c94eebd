import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

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
  plugins: [react()],
  server: {
    proxy: Object.fromEntries(
      proxiedPrefixes.map((prefix) => [prefix, { target: gateway }]),
    ),
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: keep them in their own long-cached files.
        codeSplitting: {
          groups: [
            { name: 'amplify', test: /node_modules[\\/](aws-amplify|@aws-amplify|@aws-crypto|@aws-sdk|@smithy)/ },
            { name: 'mantine', test: /node_modules[\\/](@mantine|@floating-ui|react-remove-scroll|react-number-format)/ },
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler|@tanstack)[\\/]/ },
          ],
        },
      },
    },
  },
});
