import type { WebhookDelivery } from '../api-types.js';
import type { HttpTransport } from '../transport/http-transport.js';
import { type CallOptions, id } from './call-options.js';

/** `qr.webhookDeliveries`: act on one delivery of the log (`webhookEndpoints.deliveries`). */
export class WebhookDeliveries {
  constructor(private readonly http: HttpTransport) {}

  /**
   * Queues a delivery to be sent again now (with the same webhook-id), e.g. after fixing a receiver.
   * Safe to repeat.
   */
  async retry(deliveryId: string, options?: CallOptions): Promise<WebhookDelivery> {
    return this.http.send<WebhookDelivery>({
      method: 'POST',
      path: `/webhook-deliveries/${id(deliveryId)}/retry`,
      idempotent: true,
      signal: options?.signal,
    });
  }
}
