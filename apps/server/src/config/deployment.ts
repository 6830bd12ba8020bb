import { int } from './parse.ts';

export type Role = 'api' | 'gateway' | 'ingest';
const ROLES: readonly Role[] = ['api', 'gateway', 'ingest'];

/** Whether this process runs only some of the roles, so the others are in other processes. */
export const rolesApart = (roles: ReadonlySet<Role>) => roles.size < ROLES.length;

/** How the roles are spread over processes (ROLES, NATS_URL, INGEST_*). */
export interface DeploymentSettings {
  natsUrl: string | undefined;
  /** What this process runs (ROLES); all three by default. Apart, they are joined through NATS. */
  roles: ReadonlySet<Role>;
  /** Partitions of the ingest stream; the same in every process of a deployment. */
  ingestPartitions: number;
  /** The partitions this ingest worker takes, e.g. "0-3" (default all). */
  ingestWorkerPartitions: string | undefined;
  /** The ingest stream refuses records beyond this; gateways then withhold ACKs. */
  ingestStreamMaxBytes: number;
}

function rolesSetting(env: NodeJS.ProcessEnv): ReadonlySet<Role> {
  const raw = env.ROLES?.trim();
  if (!raw || raw === 'all') return new Set(ROLES);
  const roles = new Set<Role>();
  for (const r of raw.split(',').map((x) => x.trim())) {
    if (!ROLES.includes(r as Role))
      throw new Error(`Setting ROLES lists api, gateway and ingest (comma-separated) or is "all", got "${raw}"`);
    roles.add(r as Role);
  }
  if (rolesApart(roles)) {
    if (!env.NATS_URL)
      throw new Error(
        `Setting ROLES=${raw} runs the other roles in other processes, joined through NATS JetStream: set NATS_URL`,
      );
    if (!env.DATABASE_URL)
      throw new Error(
        `Setting ROLES=${raw} runs the other roles in other processes, which share one PostgreSQL: set DATABASE_URL`,
      );
  }
  return roles;
}

export function deploymentSettings(env: NodeJS.ProcessEnv): DeploymentSettings {
  return {
    natsUrl: env.NATS_URL || undefined,
    roles: rolesSetting(env),
    ingestPartitions: Math.max(1, int(env, 'INGEST_PARTITIONS', 8)),
    ingestWorkerPartitions: env.INGEST_WORKER_PARTITIONS || undefined,
    ingestStreamMaxBytes: int(env, 'INGEST_STREAM_MAX_MB', 4096) * 1024 * 1024,
  };
}
