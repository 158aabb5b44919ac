import { type BeforeApplicationShutdown, Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { Counter } from 'prom-client';
import { errorText, reconcileClaimableBefore } from '@qr/domain';
import { COMMAND_BUS, type CommandBus, PLATFORM_RUNTIME, type PlatformRuntime, runsHere, type ServiceStore } from '@qr/platform';
import { GATEWAY_STORE } from '@qr/identity';
import { AllowanceReconcile, type AllowanceReconcileObserver, claimPeriodicReconcile } from './allowance-reconcile';

/** After a failed pass (qr-service not up yet, say), the next one comes this soon, or at the interval if sooner. */
const RETRY_AFTER_FAILURE_MS = 30_000;

/**
 * Runs the dynamic allowance reconcile once at start and then every ALLOWANCE_RECONCILE_INTERVAL,
 * on the thread that serves the API. The start pass always runs (a restart after a crash is when a
 * leak is likeliest); periodic passes claim their period first, so one replica of several does it.
 */
@Injectable()
export class AllowanceReconcileJob implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;
  private readonly reconcile: AllowanceReconcile;

  constructor(
    @Inject(GATEWAY_STORE) private readonly store: ServiceStore,
    @Inject(COMMAND_BUS) bus: CommandBus,
    @Inject(PLATFORM_RUNTIME) private readonly runtime: PlatformRuntime,
  ) {
    this.reconcile = new AllowanceReconcile(store.db, bus, { holdTimeoutMs: runtime.config.allowanceHoldTimeoutMs, observer: allowanceObserver(runtime) });
  }

  onApplicationBootstrap(): void {
    if (!runsHere(this.runtime, 'front')) return;
    this.pass('start');
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  private pass(trigger: 'start' | 'periodic'): void {
    this.running = this.runOnce(trigger).then((ok) => {
      this.running = null;
      const interval = this.runtime.config.allowanceReconcileIntervalMs;
      if (this.stopped || interval === null) return;
      this.timer = setTimeout(() => this.pass('periodic'), ok ? interval : Math.min(interval, RETRY_AFTER_FAILURE_MS));
      this.timer.unref();
    });
  }

  private async runOnce(trigger: 'start' | 'periodic'): Promise<boolean> {
    const { logger, config } = this.runtime;
    try {
      const now = new Date();
      // The start pass always runs, and counts as this period's for the other replicas.
      const claimableBefore =
        trigger === 'start' || config.allowanceReconcileIntervalMs === null
          ? now.getTime()
          : reconcileClaimableBefore(now, config.allowanceReconcileIntervalMs);
      if (!(await claimPeriodicReconcile(this.store.db, claimableBefore, now.getTime())) && trigger === 'periodic') {
        logger.event('debug', 'allowance reconcile: another gateway ran this period');
        return true;
      }
      const report = await this.reconcile.run();
      logger.event(report.corrected.length ? 'warn' : 'info', 'allowance reconcile finished', {
        trigger,
        workspaces_checked: report.workspaces_checked,
        corrected: report.corrected.length,
        skipped_in_flight: report.skipped_in_flight.length,
        abandoned_holds: report.abandoned_holds,
      });
      return true;
    } catch (err) {
      logger.event('warn', 'allowance reconcile failed; it will run again', { trigger, error: errorText(err) });
      return false;
    }
  }
}

/** One log line and one counter increment per corrected workspace, one log line per dropped hold. */
function allowanceObserver(runtime: PlatformRuntime): AllowanceReconcileObserver {
  const corrections = new Counter({
    name: 'qr_dynamic_allowance_corrections_total',
    help: 'Dynamic allowance counters the reconcile rewrote from the live dynamic codes, by direction (over: the counter was too high, e.g. a gateway died after reserving)',
    labelNames: ['direction'],
    registers: [runtime.metrics.registry],
  });
  const abandoned = new Counter({
    name: 'qr_dynamic_allowance_abandoned_holds_total',
    help: 'Holds on a dynamic allowance counter older than ALLOWANCE_HOLD_TIMEOUT, dropped by the reconcile (a gateway died between reserving and settling)',
    registers: [runtime.metrics.registry],
  });
  return {
    corrected: (c) => {
      corrections.inc({ direction: c.before > c.after ? 'over' : 'under' });
      runtime.logger.event('warn', 'dynamic allowance corrected', { workspace_id: c.workspace_id, before: c.before, after: c.after });
    },
    abandonedHolds: (holds) => {
      abandoned.inc(holds.length);
      for (const h of holds)
        runtime.logger.event('warn', 'dynamic allowance hold abandoned', {
          workspace_id: h.workspace_id,
          amount: h.amount,
          held_since: new Date(h.created_at).toISOString(),
        });
    },
  };
}
