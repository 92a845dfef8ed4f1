import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const here = (path: string) => decodeURIComponent(new URL(path, import.meta.url).pathname);

/** The client is served under /semgi by the server (production) or by Vite on port 3009 (development). */
export default defineConfig({
  root: here('.'),
  base: '/semgi/',
  plugins: [react()],
  resolve: {
    alias: [
      { find: /^@contracts$/, replacement: here('../server/src/contracts/index.ts') },
      { find: /^@\//, replacement: `${here('./src')}/` },
    ],
  },
  build: {
    outDir: here('./dist'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
  },
  server: { port: 3009, strictPort: true },
  preview: { port: 3009, strictPort: true },
});
