import { Declaration } from '../engine/declare';
import { Out } from '../engine/fields';
import { constant, nullable, ref, str, timestamp } from './answer-types';

/*
 * The bodies we POST to a registered endpoint, one per event type. The payloads are the public
 * projection of the internal events (libs/webhook-rules/src/payload): a scan's data is an allowlist
 * and never identifies the person.
 */
const test = { type: 'boolean', description: 'Present, and true, only in sample events sent by POST /webhook-endpoints/{id}/test' };

/** What every event's `data` has. */
@Declaration({ answer: true, base: true })
export class EventData {
  @Out(str) qr_id!: string;
  @Out(nullable('string')) client_ref!: string | null;
  @Out(test, { optional: true }) test?: true;
}

/** The envelope of every event; `type` and `data` are each event's. */
@Declaration({ answer: true, base: true })
export class EventEnvelope {
  @Out({
    type: 'string',
    example: 'evt_00VbbQ5mGtVbp9Yc',
    description: 'The event id, also the webhook-id header: the same on every attempt; deduplicate on it',
  })
  id!: string;
  @Out(timestamp) created_at!: string;
  @Out(str) workspace_id!: string;
}

@Declaration({ answer: true })
export class QrScannedData extends EventData {
  @Out(str) short_code!: string;
  @Out(
    nullable('string', {
      description: 'The URL the scan was sent to, as configured (before UTM fields are added); null for a hosted page (menu, vCard, form) and a GS1 linkset',
    }),
  )
  destination!: string | null;
  @Out(
    nullable('string', {
      description:
        'For a gs1 code: the GS1 link type served (`gs1:pip`, or `linkset` for the linkset; a scan of its short link, its default link’s); null for other codes',
    }),
  )
  link_type!: string | null;
  @Out(nullable('string', { description: 'ISO 3166-1 alpha-2, null when unknown' })) country!: string | null;
  @Out({ enum: ['mobile', 'tablet', 'desktop', 'other'] }) device!: string;
  @Out(nullable('string')) os!: string | null;
  @Out(nullable('string')) browser!: string | null;
  @Out({ type: 'boolean' }) is_bot!: boolean;
  @Out(timestamp) scanned_at!: string;
}

@Declaration({
  answer: true,
  description:
    'A short link was opened (302 to a destination or a hosted page), or the GS1 resolver answered a gs1 code (307 or its linkset). Bots are included, flagged by is_bot.',
})
export class QrScannedEvent extends EventEnvelope {
  @Out(constant('qr.scanned')) type!: 'qr.scanned';
  @Out(ref('QrScannedData')) data!: QrScannedData;
}

@Declaration({ answer: true })
export class LeadCreatedData extends EventData {
  @Out(str) lead_id!: string;
  @Out({ type: 'object', additionalProperties: { type: 'string' }, description: 'Submitted values by the form field’s name' }) fields!: Record<string, string>;
  @Out(timestamp) submitted_at!: string;
}

@Declaration({ answer: true, description: 'Someone submitted the hosted form of a form code.' })
export class LeadCreatedEvent extends EventEnvelope {
  @Out(constant('lead.created')) type!: 'lead.created';
  @Out(ref('LeadCreatedData')) data!: LeadCreatedData;
}

@Declaration({ answer: true })
export class QrScanLimitReachedData extends EventData {
  @Out({ type: 'integer' }) scan_limit!: number;
  @Out(timestamp) reached_at!: string;
}

@Declaration({ answer: true, description: 'The scan that used up the code’s scan_limit; later scans answer 410 (or go to fallback_url).' })
export class QrScanLimitReachedEvent extends EventEnvelope {
  @Out(constant('qr.scan_limit_reached')) type!: 'qr.scan_limit_reached';
  @Out(ref('QrScanLimitReachedData')) data!: QrScanLimitReachedData;
}

@Declaration({ answer: true })
export class QrScanMilestoneReachedData extends EventData {
  @Out({ type: 'integer' }) milestone!: number;
  @Out(timestamp) reached_at!: string;
}

@Declaration({
  answer: true,
  description: 'The code reached 10, 100, 1,000, 10,000, 100,000 or 1,000,000 scans (agency plan); once per milestone and code.',
})
export class QrScanMilestoneReachedEvent extends EventEnvelope {
  @Out(constant('qr.scan_milestone_reached')) type!: 'qr.scan_milestone_reached';
  @Out(ref('QrScanMilestoneReachedData')) data!: QrScanMilestoneReachedData;
}

/** Each event type, the declaration of its body and what the `webhooks` entry of the document says of it. */
export const WEBHOOK_EVENTS = [
  { type: 'qr.scanned', body: QrScannedEvent, summary: 'A scan' },
  { type: 'lead.created', body: LeadCreatedEvent, summary: 'A lead from a hosted form' },
  { type: 'qr.scan_limit_reached', body: QrScanLimitReachedEvent, summary: 'A code’s scan limit was reached' },
  { type: 'qr.scan_milestone_reached', body: QrScanMilestoneReachedEvent, summary: 'A code reached a scan milestone (agency)' },
] as const;
