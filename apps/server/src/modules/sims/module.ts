import type { Db } from '@lodestar/db';
import type { FastifyInstance } from 'fastify';
import type { Exporter } from '../../lib/exporter.ts';
import type { HoldScope } from '../../lib/hold-scope.ts';
import { type UploadLimits, UploadStore } from './files.ts';
import { ImportRepository } from './import-repository.ts';
import { ImportService } from './import-service.ts';
import { OutboundRepository } from './outbound-repository.ts';
import { SimRepository } from './repository.ts';
import { simRoutes } from './routes.ts';
import { SimService } from './service.ts';

/** The sims module's own composition: repositories → services → routes. */
export async function registerSims(
  app: FastifyInstance,
  deps: { db: Db; dataDir: string; holds: HoldScope; exporter: Exporter; uploadLimits: UploadLimits },
) {
  const uploads = new UploadStore(deps.dataDir, deps.uploadLimits);
  // Files no import used go after the expiry: checked at start and then every hour at most.
  const sweep = () => uploads.sweep().catch((err) => app.log.error({ err }, 'upload sweep failed'));
  const sweeper = setInterval(sweep, Math.min(deps.uploadLimits.expiryMs, 3_600_000));
  sweeper.unref();
  app.addHook('onReady', async () => void sweep());
  app.addHook('onClose', async () => clearInterval(sweeper));
  await simRoutes(app, {
    sims: new SimService(new SimRepository(deps.db), new OutboundRepository(deps.db), deps.holds, deps.exporter),
    imports: new ImportService(new ImportRepository(deps.db), uploads),
    uploads,
    exporter: deps.exporter,
  });
}
