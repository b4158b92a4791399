import viteConfig from './vite.config';
import { siteVitestConfig } from './src/kit/build/site-vitest-config';

export default siteVitestConfig(viteConfig);
