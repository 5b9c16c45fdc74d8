import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { imagetools } from 'vite-imagetools';
import { responsivePictureDirectives } from './scripts/image-presets';
import { themeStartupPlugin } from './scripts/theme-startup-plugin';

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    imagetools({ defaultDirectives: responsivePictureDirectives }),
    themeStartupPlugin(),
  ],
  build: {
    outDir: 'dist/client',
    assetsInlineLimit: 0,
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
});
