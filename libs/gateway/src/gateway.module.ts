import { type DynamicModule, Module, type Provider } from '@nestjs/common';
import Redis from 'ioredis';
import { type Database } from '@qr/persistence';
import { COMMAND_BUS, type CommandBus, type PlatformRuntime, serviceStoreProvider, type ServiceStore } from '@qr/platform';
import { ApiAccessGuard } from './access/api-access.guard';
import {
  ApiKeysRepository,
  AuditLogRepository,
  AuthenticateApiKey,
  AuthenticateSession,
  CreateApiKey,
  CurrentSession,
  ForgotPassword,
  GATEWAY_STORE,
  GATEWAY_STORE_SPEC,
  InProcessRateLimiter,
  IssueSignInLink,
  type Mailer,
  NO_MAILER,
  Passwords,
  RATE_LIMITER,
  type RateLimiter,
  RedeemSignInLink,
  RedisRateLimiter,
  SessionAccess,
  SessionCookies,
  SessionGuard,
  SessionsRepository,
  SignIn,
  SmtpMailer,
  Team,
} from '@qr/identity';
import { MonthlyQuota } from './access/monthly-quota';
import { AllowanceReconcileJob } from './access/allowance-reconcile.job';
import { QuotaRepository } from './access/quota.repository';
import { GATEWAY_REDIS, GatewayLifecycle } from './gateway-lifecycle';
import { CreateQrCodesFlow } from './qrcodes/create-qr-codes-flow';
import { OpenApiController } from './openapi/openapi.controller';
import { PUBLIC_API_CONTROLLERS } from './public-api-controllers';

export const MAILER = Symbol('MAILER');

/** api-gateway: the public API, plans and quotas; it wires libs/identity's keys, members, sessions and rate limits. */
@Module({})
export class GatewayModule {
  static register(runtime: PlatformRuntime): DynamicModule {
    const { config } = runtime;
    // What the gateway's use cases are built from; each takes the parts it needs.
    const withDb = <T>(make: (db: Database, limiter: RateLimiter, mailer: Mailer) => T) => ({
      useFactory: (store: ServiceStore, limiter: RateLimiter, mailer: Mailer) => make(store.db, limiter, mailer),
      inject: [GATEWAY_STORE, RATE_LIMITER, MAILER],
    });
    const providers: Provider[] = [
      serviceStoreProvider(GATEWAY_STORE, runtime, GATEWAY_STORE_SPEC),
      {
        provide: GATEWAY_REDIS,
        useFactory: () => (config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false }) : null),
      },
      {
        provide: RATE_LIMITER,
        useFactory: (redis: Redis | null) => (redis ? new RedisRateLimiter(redis, `${config.redisKeyPrefix}gw:`, runtime.logger) : new InProcessRateLimiter()),
        inject: [GATEWAY_REDIS],
      },
      { provide: ApiKeysRepository, ...withDb((db) => new ApiKeysRepository(db)) },
      { provide: QuotaRepository, ...withDb((db) => new QuotaRepository(db)) },
      { provide: CreateApiKey, ...withDb((db) => new CreateApiKey(db)) },
      { provide: AuthenticateApiKey, useFactory: (keys: ApiKeysRepository) => new AuthenticateApiKey(keys), inject: [ApiKeysRepository] },
      { provide: AuthenticateSession, ...withDb((db) => new AuthenticateSession(new SessionsRepository(db), config.session)) },
      { provide: SignIn, ...withDb((db, limiter) => new SignIn(db, limiter, config.session)) },
      { provide: RedeemSignInLink, ...withDb((db, limiter) => new RedeemSignInLink(db, limiter)) },
      { provide: IssueSignInLink, ...withDb((db) => new IssueSignInLink(db, config.publicBaseUrl)) },
      { provide: Passwords, ...withDb((db, limiter) => new Passwords(db, limiter)) },
      { provide: CurrentSession, ...withDb((db) => new CurrentSession(db)) },
      { provide: MonthlyQuota, useFactory: (q: QuotaRepository) => new MonthlyQuota(q), inject: [QuotaRepository] },
      {
        provide: CreateQrCodesFlow,
        useFactory: (bus: CommandBus, q: QuotaRepository) => new CreateQrCodesFlow(bus, q, faultAfterReserve(runtime)),
        inject: [COMMAND_BUS, QuotaRepository],
      },
      { provide: MAILER, useFactory: (): Mailer => (config.smtp ? new SmtpMailer(config.smtp.url, config.smtp.from) : NO_MAILER) },
      { provide: AuditLogRepository, ...withDb((db) => new AuditLogRepository(db)) },
      { provide: Team, ...withDb((db, _limiter, mailer) => new Team(db, mailer, config.publicBaseUrl)) },
      { provide: ForgotPassword, ...withDb((db, limiter, mailer) => new ForgotPassword(db, mailer, limiter, config.publicBaseUrl, runtime.logger)) },
      { provide: SessionCookies, useValue: new SessionCookies(config.publicBaseUrl, config.session.absoluteMs) },
      SessionAccess,
      SessionGuard,
      ApiAccessGuard,
      GatewayLifecycle,
      AllowanceReconcileJob,
    ];
    // Everything it provides is what the dashboard and the other modules may inject.
    return {
      module: GatewayModule,
      controllers: [OpenApiController, ...PUBLIC_API_CONTROLLERS],
      providers,
      exports: providers.map((p) => (typeof p === 'function' ? p : p.provide)),
    };
  }
}

/**
 * TEST_FAULT=pause-after-allowance-reserve: the creation stops for good right after its reservation
 * committed, and says so in the log, so an end-to-end test can kill -9 the process at exactly that
 * point. The configuration refuses any other value; unset, there is no hook at all.
 */
function faultAfterReserve(runtime: PlatformRuntime): (() => Promise<void>) | null {
  if (runtime.config.testFault !== 'pause-after-allowance-reserve') return null;
  return () => {
    runtime.logger.event('warn', 'fault injected: paused after reserving the dynamic allowance');
    return new Promise<void>(() => undefined);
  };
}
