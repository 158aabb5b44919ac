import { formatUtc, newId } from '@qr/domain';
import { type WebhookEventType, type WebhookPayload } from '@qr/webhook-rules';

/** What `POST /webhook-endpoints/{id}/test` sends: a clearly fake event of a kind the endpoint receives. */
export function sampleEvent(type: WebhookEventType, workspaceId: string): WebhookPayload {
  const now = formatUtc(new Date());
  const base = { qr_id: 'qr_test', client_ref: 'test' };
  const data: Record<WebhookEventType, Record<string, unknown>> = {
    'qr.scanned': {
      ...base,
      short_code: 'TestAbc',
      destination: 'https://example.com/test',
      country: 'DE',
      device: 'mobile',
      os: 'iOS',
      browser: 'Mobile Safari',
      is_bot: false,
      scanned_at: now,
    },
    'lead.created': { ...base, lead_id: 'lead_test', fields: { email: 'test@example.com' }, submitted_at: now },
    'qr.scan_limit_reached': { ...base, scan_limit: 100, reached_at: now },
    'qr.scan_milestone_reached': { ...base, milestone: 100, reached_at: now },
  };
  return { id: newId('evt'), type, created_at: now, workspace_id: workspaceId, data: { ...data[type], test: true } };
}
