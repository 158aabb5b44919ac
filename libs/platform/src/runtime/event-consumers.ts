import { type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { type Subscription } from '@qr/event-log';
import { type PlatformRuntime, runsHere } from './platform-runtime';

/**
 * A service's event-log subscriptions: started once the app is up (so handlers find their
 * dependencies ready), exported as lag metrics, and stopped before shutdown after the batch in hand.
 * They run on all-in-one's background thread unless placed on the front (a consumer that keeps
 * the front's in-memory state, like the redirect link cache).
 */
export class EventConsumers implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private running: Array<{ sub: Subscription; untrack: () => void }> = [];

  constructor(
    private readonly runtime: Pick<PlatformRuntime, 'metrics' | 'thread'>,
    private readonly starters: ReadonlyArray<() => Subscription>,
    private readonly side: 'front' | 'background' = 'background',
  ) {}

  onApplicationBootstrap(): void {
    if (!runsHere(this.runtime, this.side)) return;
    this.running = this.starters.map((start) => {
      const sub = start();
      return { sub, untrack: this.runtime.metrics.trackConsumer(sub) };
    });
  }

  async beforeApplicationShutdown(): Promise<void> {
    await Promise.all(this.running.map(({ sub, untrack }) => (untrack(), sub.stop())));
    this.running = [];
  }
}
