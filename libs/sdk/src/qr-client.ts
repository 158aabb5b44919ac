import type { QrClientOptions } from './client-options.js';
import { Analytics } from './resources/analytics.js';
import { ApiKeys } from './resources/api-keys.js';
import { Codes } from './resources/codes.js';
import { DesignPresets } from './resources/design-presets.js';
import { Domains } from './resources/domains.js';
import { Folders } from './resources/folders.js';
import { Logos } from './resources/logos.js';
import { WebhookDeliveries } from './resources/webhook-deliveries.js';
import { WebhookEndpoints } from './resources/webhook-endpoints.js';
import { HttpTransport, sleep } from './transport/http-transport.js';
import { SDK_VERSION } from './version.js';

const API_PATH = '/api/public/v1';

/**
 * The client of the QR platform's public API. One instance per key; it is stateless apart from
 * its settings, so share it.
 *
 * @example
 * import { QrClient } from '@qr-platform/sdk';
 *
 * const qr = new QrClient({ apiKey: process.env.QR_API_KEY, baseUrl: 'https://qr.example.com' });
 * const code = await qr.codes.create({ type: 'website', content: { url: 'https://example.com' }, client_ref: 'sku-42' });
 * console.log(code.short_url);
 */
export class QrClient {
  readonly codes: Codes;
  readonly folders: Folders;
  readonly domains: Domains;
  readonly logos: Logos;
  readonly designPresets: DesignPresets;
  readonly analytics: Analytics;
  readonly webhookEndpoints: WebhookEndpoints;
  readonly webhookDeliveries: WebhookDeliveries;
  readonly apiKeys: ApiKeys;

  constructor(options: QrClientOptions = {}) {
    const env = typeof process === 'undefined' ? {} : process.env;
    const apiKey = options.apiKey ?? env.QR_API_KEY;
    if (!apiKey) throw new TypeError('QrClient: an apiKey is required (or the QR_API_KEY environment variable)');
    const fetchImpl = options.fetch ?? globalThis.fetch;
    if (typeof fetchImpl !== 'function') throw new TypeError('QrClient: no fetch available; Node 20 or later has one built in');
    const http = new HttpTransport({
      apiKey,
      apiBase: apiBaseOf(options.baseUrl ?? env.QR_API_URL ?? 'http://localhost:3000'),
      maxRetries: nonNegative(options.maxRetries ?? 3, 'maxRetries'),
      timeoutMs: nonNegative(options.timeoutMs ?? 30_000, 'timeoutMs'),
      maxRetryDelayMs: nonNegative(options.maxRetryDelayMs ?? 60_000, 'maxRetryDelayMs'),
      fetch: fetchImpl,
      headers: options.headers ?? {},
      userAgent: `qr-platform-sdk/${SDK_VERSION} node/${typeof process === 'undefined' ? 'unknown' : process.versions.node}${options.userAgent ? ` ${options.userAgent}` : ''}`,
      random: options.random ?? Math.random,
      sleep: options.sleep ?? sleep,
      onRetry: options.onRetry,
    });
    this.codes = new Codes(http);
    this.folders = new Folders(http);
    this.domains = new Domains(http);
    this.logos = new Logos(http);
    this.designPresets = new DesignPresets(http);
    this.analytics = new Analytics(http);
    this.webhookEndpoints = new WebhookEndpoints(http);
    this.webhookDeliveries = new WebhookDeliveries(http);
    this.apiKeys = new ApiKeys(http);
  }
}

/** `https://qr.example.com` or `https://qr.example.com/api/public/v1/` → `https://qr.example.com/api/public/v1`. */
function apiBaseOf(baseUrl: string): string {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new TypeError(`QrClient: baseUrl is not a URL: ${baseUrl}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TypeError(`QrClient: baseUrl must be http(s): ${baseUrl}`);
  const path = url.pathname.replace(/\/+$/, '');
  return `${url.origin}${path.endsWith(API_PATH) ? path : `${path}${API_PATH}`}`;
}

function nonNegative(value: number, name: string): number {
  if (!Number.isFinite(value) || value < 0) throw new RangeError(`QrClient: ${name} must be a number ≥ 0`);
  return value;
}
