import { type WebhookEventType } from '../../api/types';

/** Every event kind, with what it means; which ones a workspace may subscribe to is its plan's to say. */
export const EVENT_KINDS: ReadonlyArray<{ type: WebhookEventType; label: string; plan: string }> = [
  { type: 'qr.scanned', label: 'A dynamic code was scanned', plan: 'pro' },
  { type: 'lead.created', label: 'A hosted form was submitted', plan: 'pro' },
  { type: 'qr.scan_limit_reached', label: 'A code used its last allowed scan', plan: 'pro' },
  { type: 'qr.scan_milestone_reached', label: 'A code reached 10, 100, 1,000… scans', plan: 'agency' },
];
