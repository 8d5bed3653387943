import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerBrandAssets } from '../../http/brandAssets';
import { BRAND_ASSETS_DIR, ensureQqQrCode, generatedBrandDir } from './brandAssets';
import { CommonRepository } from './repository';
import { registerCommonRoutes } from './routes';
import { seedCommon } from './seed';
import { ShippedTutorials, registerTutorialFiles } from './tutorials';

/** The site's settings, the tutorials and the brand's pictures. */
export default fp(
  async (app: FastifyInstance) => {
    const { config, database } = app;
    await seedCommon(database.sql);
    const common = new CommonRepository(database.sql, new ShippedTutorials(), (link) => ensureQqQrCode(config.dataDir, link));
    // Its first read makes the feedback group's join QR from the stored link.
    app.addHook('onReady', async () => {
      await common.siteConfig();
    });
    registerCommonRoutes(app, common);
    await registerTutorialFiles(app);
    await registerBrandAssets(app, [BRAND_ASSETS_DIR, generatedBrandDir(config.dataDir)]);
  },
  { name: 'common', dependencies: ['config', 'database', 'http', 'auth'] },
);
