import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Address of the Fastify server during `vite` development (its default PORT). */
const apiTarget = process.env.LIGHTWELL_API ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  resolve: {
    // The console's policy forbids eval: zod, switched to jitless before any schema is built.
    alias: [{ find: /^zod$/, replacement: '@lightwell/domain/zod-without-eval' }],
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/SigMesh': { target: apiTarget, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 30 },
            {
              name: 'antd',
              test: /node_modules[\\/](antd|@ant-design|@rc-component|rc-[^\\/]+|@emotion)[\\/]/,
              priority: 20,
            },
            { name: 'konva', test: /node_modules[\\/](konva|react-konva)[\\/]/, priority: 25 },
            { name: 'vendor', test: /node_modules[\\/]/, priority: 10 },
          ],
        },
      },
    },
  },
});
