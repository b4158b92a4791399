import { defineConfig } from 'vite';
import { siteViteConfig } from '@app/web/kit/vite';

export default defineConfig(
  siteViteConfig({ siteDirectory: new URL('.', import.meta.url), localStackUrl: 'http://127.0.0.1:3001' }),
);
