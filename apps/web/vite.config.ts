import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: { proxy: { '/api': 'http://localhost:8080', '/sandbox': 'http://localhost:8080' } },
  // Each build has its own output, so the Thai and the Lao one can be served side by side (issue 15 §3).
  build: { outDir: process.env.VITE_SITE === 'la' ? 'dist-la' : 'dist', sourcemap: false, chunkSizeWarningLimit: 700 },
});
