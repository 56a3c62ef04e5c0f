import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const laos = process.env.VITE_SITE === 'la';
const NIGHT = '#0b1220';

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    // Installable (issue 15 §4): a manifest, and a service worker that keeps the app's shell and
    // fonts for offline starts. It never caches API answers (money figures) or uploads: only the
    // built files are precached, and every other request goes to the network.
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon.svg'],
      manifest: {
        name: process.env.VITE_APP_NAME ?? 'Baht Wallet',
        short_name: process.env.VITE_APP_NAME ?? 'Baht Wallet',
        lang: laos ? 'lo' : 'th',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: NIGHT,
        theme_color: NIGHT,
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/sandbox\//, /^\/admin/, /^\/socket\.io/, /^\/readyz/, /^\/healthz/, /^\/docs/],
        runtimeCaching: [],
      },
    }),
  ],
  server: { proxy: { '/api': 'http://localhost:8080', '/sandbox': 'http://localhost:8080' } },
  // Each build has its own output, so the Thai and the Lao one can be served side by side (issue 15 §3).
  build: { outDir: laos ? 'dist-la' : 'dist', sourcemap: false, chunkSizeWarningLimit: 700 },
});
