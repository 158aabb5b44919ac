// The API's objects are the SDK's types, generated from the OpenAPI document the server serves
// (type-only: nothing of the SDK is bundled). Only the dashboard's own answers (/app/api) are here.
import type { WebhookEventType } from '@qr-platform/sdk';

export type {
  ApiKey,
  CodeAnalytics as Analytics,
  CreatedApiKey,
  Destination,
  Domain,
  Folder,
  QrCode,
  QrType,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointWithSecret,
  WebhookEventType,
  WebhookTestResult as WebhookTest,
} from '@qr-platform/sdk';

export type Role = 'owner' | 'editor' | 'viewer';
export type PlanName = 'free' | 'starter' | 'pro' | 'agency';
export type Category = 'dynamic' | 'static';
export type Weekday = 'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun';

/** A page of a public list; the webhook lists and /api-keys have one page only. */
export interface ListPage<T> {
  object: 'list';
  data: T[];
  has_more?: boolean;
  next_cursor?: string | null;
}

export interface PlanView {
  name: PlanName;
  api_access: boolean;
  monthly_calls: number | null;
  dynamic_codes: number | null;
  webhook_events: WebhookEventType[];
}

export interface Me {
  signed_in: true;
  csrf_token: string;
  account: { email: string };
  workspace: { id: string; name: string; plan: PlanName; role: Role };
  workspaces: Array<{ id: string; name: string; plan: PlanName; role: Role }>;
  plan: PlanView;
  permissions: { write: boolean; manage_api_keys: boolean };
}

export interface SignedOut {
  signed_in: false;
  csrf_token: string;
}

export interface Meter {
  used: number;
  limit: number | null;
  fraction: number | null;
}

export interface Usage {
  plan: PlanView;
  period: string;
  resets_at: string;
  api_calls: Meter;
  dynamic_codes: Meter;
}
