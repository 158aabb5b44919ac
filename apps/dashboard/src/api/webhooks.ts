import { api } from './client';
import { type ListPage, type WebhookDelivery, type WebhookEndpoint, type WebhookEndpointWithSecret, type WebhookTest } from './types';

/** Webhook endpoints of the workspace and their deliveries. */
export const webhooksApi = {
  list: (signal?: AbortSignal) => api.get<ListPage<WebhookEndpoint>>('/webhook-endpoints', { signal }),
  create: (body: Record<string, unknown>) => api.post<WebhookEndpointWithSecret>('/webhook-endpoints', body),
  get: (id: string, signal?: AbortSignal) => api.get<WebhookEndpoint>(`/webhook-endpoints/${encodeURIComponent(id)}`, { signal }),
  update: (id: string, patch: Record<string, unknown>) => api.patch<WebhookEndpoint>(`/webhook-endpoints/${encodeURIComponent(id)}`, patch),
  remove: (id: string) => api.del(`/webhook-endpoints/${encodeURIComponent(id)}`),
  rotateSecret: (id: string) => api.post<WebhookEndpointWithSecret>(`/webhook-endpoints/${encodeURIComponent(id)}/rotate-secret`),
  sendTest: (id: string) => api.post<WebhookTest>(`/webhook-endpoints/${encodeURIComponent(id)}/test`),
  deliveries: (id: string, signal?: AbortSignal) => api.get<ListPage<WebhookDelivery>>(`/webhook-endpoints/${encodeURIComponent(id)}/deliveries`, { signal }),
  retryDelivery: (id: string) => api.post(`/webhook-deliveries/${encodeURIComponent(id)}/retry`),
};
