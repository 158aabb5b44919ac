import { type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { type Subscription } from '@qr/event-log';
import { type Metrics } from '../metrics/metrics';

/**
 * A service's event-log subscriptions: started once the app is up (so handlers find their
 * dependencies ready), exported as lag metrics, and stopped before shutdown after the batch in hand.
 */
export class EventConsumers implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private running: Array<{ sub: Subscription; untrack: () => void }> = [];

  constructor(
    private readonly metrics: Metrics,
    private readonly starters: ReadonlyArray<() => Subscription>,
  ) {}

  onApplicationBootstrap(): void {
    this.running = this.starters.map((start) => {
      const sub = start();
      return { sub, untrack: this.metrics.trackConsumer(sub) };
    });
  }

  async beforeApplicationShutdown(): Promise<void> {
    await Promise.all(this.running.map(({ sub, untrack }) => (untrack(), sub.stop())));
    this.running = [];
  }
}
