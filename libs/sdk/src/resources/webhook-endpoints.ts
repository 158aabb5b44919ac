import type {
  DeletedWebhookEndpoint,
  WebhookDeliveryList,
  WebhookEndpoint,
  WebhookEndpointInput,
  WebhookEndpointList,
  WebhookEndpointPatch,
  WebhookEndpointWithSecret,
  WebhookTestResult,
} from '../api-types.js';
import type { HttpTransport } from '../transport/http-transport.js';
import { type CallOptions, id } from './call-options.js';

/** `qr.webhookEndpoints`: where events are delivered, signed (verify them with `verifyWebhook`). */
export class WebhookEndpoints {
  constructor(private readonly http: HttpTransport) {}

  /**
   * Registers an endpoint; the answer carries its signing `secret` once. The URL must resolve to
   * public addresses (a server's operator can allow private ones with WEBHOOK_ALLOWED_CIDRS).
   *
   * @example
   * const endpoint = await qr.webhookEndpoints.create({ url: 'https://erp.example.com/qr-events', events: ['qr.scanned'] });
   * saveSecret(endpoint.secret);
   */
  async create(input: WebhookEndpointInput, options?: CallOptions): Promise<WebhookEndpointWithSecret> {
    return this.http.send<WebhookEndpointWithSecret>({ method: 'POST', path: '/webhook-endpoints', body: input, signal: options?.signal });
  }

  /** Every endpoint of the workspace. */
  async list(options?: CallOptions): Promise<WebhookEndpointList> {
    return this.http.send<WebhookEndpointList>({ method: 'GET', path: '/webhook-endpoints', signal: options?.signal });
  }

  async get(endpointId: string, options?: CallOptions): Promise<WebhookEndpoint> {
    return this.http.send<WebhookEndpoint>({ method: 'GET', path: `/webhook-endpoints/${id(endpointId)}`, signal: options?.signal });
  }

  /** Changes url, description, events or status; `status: 'enabled'` re-enables a disabled endpoint. */
  async update(endpointId: string, patch: WebhookEndpointPatch, options?: CallOptions): Promise<WebhookEndpoint> {
    return this.http.send<WebhookEndpoint>({ method: 'PATCH', path: `/webhook-endpoints/${id(endpointId)}`, body: patch, signal: options?.signal });
  }

  /** Deletes an endpoint; its pending deliveries stop. */
  async delete(endpointId: string, options?: CallOptions): Promise<DeletedWebhookEndpoint> {
    return this.http.send<DeletedWebhookEndpoint>({ method: 'DELETE', path: `/webhook-endpoints/${id(endpointId)}`, signal: options?.signal });
  }

  /**
   * A new signing secret, in this answer only. For 24 hours deliveries carry two signatures, one
   * per secret, so receivers can switch over. Not retried after a 5xx (it could rotate twice).
   */
  async rotateSecret(endpointId: string, options?: CallOptions): Promise<WebhookEndpointWithSecret> {
    return this.http.send<WebhookEndpointWithSecret>({
      method: 'POST',
      path: `/webhook-endpoints/${id(endpointId)}/rotate-secret`,
      signal: options?.signal,
    });
  }

  /** The endpoint's latest 100 deliveries, newest first (status, attempts, response code; never bodies). */
  async deliveries(endpointId: string, options?: CallOptions): Promise<WebhookDeliveryList> {
    return this.http.send<WebhookDeliveryList>({ method: 'GET', path: `/webhook-endpoints/${id(endpointId)}/deliveries`, signal: options?.signal });
  }

  /** Sends one sample event (its data marked `test: true`) now and answers what the endpoint replied. */
  async test(endpointId: string, options?: CallOptions): Promise<WebhookTestResult> {
    return this.http.send<WebhookTestResult>({ method: 'POST', path: `/webhook-endpoints/${id(endpointId)}/test`, signal: options?.signal });
  }
}
