import { RegistrationRepository } from '../modules/account/registration-repository.ts';
import { accountRoutes } from '../modules/account/routes.ts';
import { AccountService } from '../modules/account/service.ts';
import { SmsCodeRepository } from '../modules/account/sms-code-repository.ts';
import { registerCatalogue } from '../modules/catalogue/module.ts';
import type { DownloadRepository } from '../modules/downloads/repository.ts';
import { downloadRoutes } from '../modules/downloads/routes.ts';
import { DownloadService } from '../modules/downloads/service.ts';
import { EnterpriseRepository } from '../modules/enterprise/repository.ts';
import { enterpriseRoutes } from '../modules/enterprise/routes.ts';
import { EnterpriseService } from '../modules/enterprise/service.ts';
import { functionRoutes } from '../modules/functions/routes.ts';
import { holdRoutes } from '../modules/holds/routes.ts';
import { HoldService } from '../modules/holds/service.ts';
import { logRoutes } from '../modules/logs/routes.ts';
import { LogService } from '../modules/logs/service.ts';
import { userRoutes } from '../modules/users/routes.ts';
import { UserService } from '../modules/users/service.ts';
import type { AppContext } from './context.ts';

/**
 * Accounts and the organisation: log-in and registration, holds, users, enterprises, the logs, the function
 * catalogue, the download centre and the SIM catalogue. The user service is given on to the install module.
 */
export function registerAccounts(ctx: AppContext, downloadRepo: DownloadRepository): { users: UserService } {
  const { app, config, db, holdRepo, userRepo, holdScope, opLog, logRepo, sessionRepo, access, exporter } = ctx;
  const account = new AccountService({
    users: userRepo,
    holds: holdRepo,
    sessions: sessionRepo,
    access,
    smsCodes: new SmsCodeRepository(db),
    logs: logRepo,
    sms: ctx.sms,
    smsTemplate: config.smsTemplate,
    sessionHours: config.sessionHours,
    loginLimits: { perPhone: config.loginLimitPerPhone, perAddress: config.loginLimitPerAddress },
    codeCheckLimits: { perPhone: config.codeCheckLimitPerPhone, perAddress: config.codeCheckLimitPerAddress },
    smsCodeLimitPerAddress: config.smsCodeLimitPerAddress,
    smsNotices: { noAccount: config.smsNoAccountText, accountExists: config.smsAccountExistsText },
    devices: ctx.deviceRepo,
    deviceMoved: ctx.invalidate,
    registration: new RegistrationRepository(db),
    registrationOpen: config.registration,
    registrationHoldId: config.registrationHoldId,
  });
  accountRoutes(app, account, config);
  const holdService = new HoldService(holdRepo, opLog);
  holdRoutes(app, holdService);
  registerCatalogue(app, { db, holds: holdScope, logs: opLog, exporter });
  const users = new UserService(userRepo, holdScope, sessionRepo, opLog, access);
  userRoutes(app, users, exporter);
  enterpriseRoutes(
    app,
    new EnterpriseService(new EnterpriseRepository(db), holdRepo, holdService, users, userRepo, opLog),
  );
  logRoutes(app, new LogService(logRepo), exporter);
  functionRoutes(app);
  downloadRoutes(app, new DownloadService(downloadRepo, exporter));
  return { users };
}
