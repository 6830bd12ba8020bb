import type { ModelListInput, ModelRow, SetFullFunctionInput } from '@lodestar/contract/zones';
import { forbidden } from '../../lib/errors.ts';
import type { OperationLogRepository } from '../../lib/operation-log-repository.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { zoneLog } from './log.ts';
import type { ModelRepository } from './model-repository.ts';

/**
 * Which device models are full-function (spec section 9: geo-fence prompts only for full-function models). Any
 * device manager reads them; only the platform's administrators (the root hold) change them, for every unit.
 */
export class ModelService {
  constructor(
    private readonly repo: ModelRepository,
    private readonly logs: OperationLogRepository,
    private readonly changed: () => void,
  ) {}

  async list(auth: AuthContext, q: ModelListInput): Promise<{ rows: ModelRow[]; total: number }> {
    const { rows, total } = await this.repo.list({
      holdPath: auth.holdPath,
      keyword: q.Keyword,
      offset: (q.PageIndex - 1) * q.PageSize,
      limit: q.PageSize,
    });
    return {
      rows: rows.map((r) => ({ Model: r.model, FullFunction: r.fullFunction, DeviceCount: r.deviceCount })),
      total,
    };
  }

  async setFullFunction(auth: AuthContext, input: SetFullFunctionInput): Promise<void> {
    // The root hold's path has one id: /1/.
    if (auth.holdPath.split('/').filter(Boolean).length !== 1) throw forbidden('modelPlatformOnly');
    await this.repo.setFullFunction(input.Model, input.FullFunction, auth.userId);
    this.changed();
    await zoneLog(this.logs, auth, 'setFullFunction', `${input.Model}: ${input.FullFunction}`);
  }
}
