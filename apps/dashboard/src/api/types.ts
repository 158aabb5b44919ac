// Shapes of the API's answers, as the dashboard reads them (docs/api.md and the OpenAPI document).

export type Role = 'owner' | 'editor' | 'viewer';
export type PlanName = 'free' | 'starter' | 'pro' | 'agency';
export type QrType = 'website' | 'menu' | 'form' | 'vcard' | 'text' | 'wifi' | 'email' | 'phone' | 'sms' | 'location';
export type Category = 'dynamic' | 'static';
export type Weekday = 'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun';
export type WebhookEventType = 'qr.scanned' | 'lead.created' | 'qr.scan_limit_reached' | 'qr.scan_milestone_reached';

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

export interface Destination {
  target_url: string;
  device?: 'mobile' | 'tablet' | 'desktop' | 'other';
  os?: 'ios' | 'android' | 'windows' | 'macos' | 'linux' | 'other';
  country?: string;
  language?: string;
}

export interface QrCode {
  id: string;
  object: 'qr_code';
  name: string;
  type: QrType;
  category: Category;
  status: 'active' | 'paused';
  state: 'active' | 'paused' | 'scheduled' | 'expired' | 'outside_hours' | 'limit_reached';
  content: Record<string, unknown>;
  destinations: Destination[];
  client_ref: string | null;
  short_code: string | null;
  short_url: string | null;
  preview_url: string;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  utm_content: string | null;
  start_at: string | null;
  end_at: string | null;
  daily_start: string | null;
  daily_end: string | null;
  daily_days: Weekday[] | null;
  timezone: string;
  scan_limit: number | null;
  scan_count: number;
  fallback_url: string | null;
  folder_id: string | null;
  custom_domain_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface Folder {
  id: string;
  object: 'folder';
  name: string;
  created_at: string;
}

export interface Domain {
  id: string;
  object: 'domain';
  hostname: string;
  status: 'pending' | 'verified';
  verification: { type: 'TXT'; name: string; value: string; last_checked_at: string | null; last_error: string | null };
  verified_at: string | null;
  created_at: string;
}

export interface ApiKey {
  id: string;
  object: 'api_key';
  name: string;
  role: Role;
  key_hint: string;
  created_at: string;
  expires_at: string | null;
  last_used_at: string | null;
  secret?: string;
}

export interface WebhookEndpoint {
  id: string;
  object: 'webhook_endpoint';
  url: string;
  description: string | null;
  events: WebhookEventType[];
  status: 'enabled' | 'disabled';
  disabled_reason: string | null;
  created_at: string;
  secret?: string;
}

export interface WebhookDelivery {
  id: string;
  object: 'webhook_delivery';
  endpoint_id: string;
  event_id: string;
  event_type: WebhookEventType;
  status: string;
  attempts: number;
  next_attempt_at: string | null;
  last_attempt_at: string | null;
  last_status_code: number | null;
  last_error: string | null;
  last_duration_ms: number | null;
  created_at: string;
}

export interface WebhookTest {
  object: 'webhook_test';
  event_id: string;
  delivery_id: string;
  delivered: boolean;
  status_code: number | null;
  error: string | null;
  duration_ms: number;
}

export interface CountRow {
  scans: number;
}

export interface Analytics {
  qr_id: string;
  from: string;
  to: string;
  timezone: string;
  total_scans: number;
  unique_scanners: number;
  by_day: Array<{ date: string; scans: number; unique_scanners: number }>;
  by_device: Array<CountRow & { device: string }>;
  by_country: Array<CountRow & { country: string }>;
  by_os: Array<CountRow & { os: string }>;
  by_browser: Array<CountRow & { browser: string }>;
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
