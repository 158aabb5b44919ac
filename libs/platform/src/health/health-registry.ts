import { errorText } from '@qr/domain';
import { withTimeout } from '../runtime/with-timeout';

/** A dependency whose loss makes this process unready (database, event log, Redis…). */
export interface ReadinessCheck {
  name: string;
  /** Throws (or rejects) when the dependency cannot serve. */
  check(): Promise<void>;
  /** A degraded dependency (e.g. Redis for rate limits) is reported but does not make the process unready. */
  optional?: boolean;
}

export interface ReadinessReport {
  ready: boolean;
  checks: Record<string, 'ok' | string>;
}

const CHECK_TIMEOUT_MS = 2000;

/** Liveness is "the process answers"; readiness asks every registered dependency, in parallel. */
export class HealthRegistry {
  private readonly checks: ReadinessCheck[] = [];
  private shuttingDown = false;

  add(check: ReadinessCheck): void {
    this.checks.push(check);
  }

  markShuttingDown(): void {
    this.shuttingDown = true;
  }

  async readiness(): Promise<ReadinessReport> {
    const results = await Promise.all(
      this.checks.map(async (c) => {
        try {
          await withTimeout(c.check(), CHECK_TIMEOUT_MS, () => new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`));
          return { name: c.name, ok: true, optional: !!c.optional, text: 'ok' };
        } catch (err) {
          return { name: c.name, ok: false, optional: !!c.optional, text: `${c.optional ? 'degraded' : 'failing'}: ${errorText(err)}` };
        }
      }),
    );
    const checks: Record<string, string> = Object.fromEntries(results.map((r) => [r.name, r.text]));
    if (this.shuttingDown) checks.shutdown = 'failing: draining';
    return { ready: !this.shuttingDown && results.every((r) => r.ok || r.optional), checks };
  }
}
