import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  // @mantine/dates is hoisted with its own @mantine/core: one copy of Mantine (one theme context) for all.
  resolve: { dedupe: ['@mantine/core', '@mantine/hooks', 'react', 'react-dom'] },
  server: { port: 5173, proxy: { '/api': 'http://localhost:8080' } },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 900,
    rollupOptions: {
      output: {
        manualChunks(id) {
          // Only React itself and the router form a vendor chunk. Mantine (core and dates), forms, masks and
          // widgets are split by use and stay with the screens that need them, so /auth/login stays under
          // 250 KB gzip (a forced vendor chunk would pull every component of every screen into the login).
          if (/node_modules\/(react|react-dom|scheduler|react-router)\//.test(id)) return 'react';
          return undefined;
        },
      },
    },
  },
});
