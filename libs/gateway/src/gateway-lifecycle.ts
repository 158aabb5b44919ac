import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type Redis from 'ioredis';
import { HealthRegistry, PLATFORM_RUNTIME, type PlatformRuntime, runsHere, type ServiceStore } from '@qr/platform';
import { BootstrapFirstWorkspace, GATEWAY_STORE, IssueSignInLink } from '@qr/identity';
import { DEFAULT_LINK_LIFETIME_MS } from '@qr/session-rules';

export const GATEWAY_REDIS = Symbol('GATEWAY_REDIS');

/** Redis health, the first-run bootstrap (all-in-one only), and closing Redis. */
@Injectable()
export class GatewayLifecycle implements OnModuleInit, OnApplicationBootstrap, OnApplicationShutdown {
  constructor(
    @Inject(GATEWAY_STORE) private readonly store: ServiceStore,
    @Inject(GATEWAY_REDIS) private readonly redis: Redis | null,
    @Inject(PLATFORM_RUNTIME) private readonly runtime: PlatformRuntime,
    private readonly health: HealthRegistry,
    private readonly links: IssueSignInLink,
  ) {}

  onModuleInit(): void {
    const redis = this.redis;
    if (redis) this.health.add({ name: 'redis', optional: true, check: async () => void (await redis.ping()) });
  }

  /**
   * Distributed deployments create workspaces with the admin CLI instead, so an API key never
   * lands in a shared log stream.
   */
  async onApplicationBootstrap(): Promise<void> {
    const { config } = this.runtime;
    if (!config.allInOne || !runsHere(this.runtime, 'front')) return;
    const created = await new BootstrapFirstWorkspace(this.store.db).execute(config.bootstrapPlan, config.bootstrapOwnerEmail);
    if (!created) return;
    const invite = `npm run admin -- member invite --workspace ${created.workspace.id} --email ${config.bootstrapOwnerEmail}`;
    // The banner goes to the terminal, not through the JSON log: the key and the link are shown this once.
    process.stdout.write(
      [
        '',
        '  First run: created a workspace, an owner API key and an owner sign-in link. Both are shown only this once.',
        `  workspace: ${created.workspace.id} (plan ${created.workspace.plan})`,
        `  api key:   ${created.secret}`,
        `  try:       curl -H "Authorization: Bearer ${created.secret}" ${config.publicBaseUrl}/api/public/v1/api-keys`,
        '',
      ].join('\n'),
    );
    const link = await this.links
      .execute({ workspaceId: created.workspace.id, email: config.bootstrapOwnerEmail, purpose: 'first_run' })
      .catch((err: unknown) => {
        this.runtime.logger.event('error', 'could not create the first-run sign-in link', { error: err instanceof Error ? err.message : String(err) });
        return null;
      });
    process.stdout.write(
      (link
        ? [
            `  dashboard: ${link.url}`,
            `             (open it to choose a password for ${link.member.email}; it works once, for ${DEFAULT_LINK_LIFETIME_MS / 3_600_000} hours;`,
            `             a new one: ${invite})`,
          ]
        : [`  dashboard: no sign-in link could be made; make one with: ${invite}`]
      ).join('\n') + '\n\n',
    );
  }

  async onApplicationShutdown(): Promise<void> {
    this.redis?.disconnect();
  }
}
