import { siteVitestConfig } from '@app/web/kit/vitest';
import viteConfig from './vite.config';

export default siteVitestConfig(viteConfig);
