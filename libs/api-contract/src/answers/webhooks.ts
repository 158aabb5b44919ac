import { Declaration } from '../engine/declare';
import { Out } from '../engine/fields';
import { arrayOf, bool, constant, dateTime, deletedAnswer, int, nullable, ref, str } from './answer-types';

@Declaration({ answer: true })
export class WebhookEndpoint {
  @Out({ type: 'string', example: 'we_00VbbQ5mGtVbp9Yc' }) id!: string;
  @Out(constant('webhook_endpoint')) object!: 'webhook_endpoint';
  @Out({ type: 'string', format: 'uri' }) url!: string;
  @Out(nullable('string')) description!: string | null;
  @Out(arrayOf(ref('WebhookEventType'))) events!: string[];
  @Out({ enum: ['enabled', 'disabled'] }) status!: string;
  @Out(nullable('string', { description: 'endpoint_gone_410, failing_for_5_days or disabled_by_user' })) disabled_reason!: string | null;
  @Out(dateTime) created_at!: string;
}

/** A created endpoint, or one whose secret was rotated: the only answers that carry the secret. */
@Declaration({ answer: true })
export class WebhookEndpointWithSecret extends WebhookEndpoint {
  @Out({ type: 'string', description: 'whsec_…: verifies the signatures. Shown only here' }) secret!: string;
}

/** The webhook lists have one page. */
@Declaration({ answer: true, base: true })
export class OnePage {
  @Out(constant('list')) object!: 'list';
  @Out(bool) has_more!: boolean;
  @Out({ type: 'null', description: 'These lists have one page' }) next_cursor!: null;
}

@Declaration({ answer: true })
export class WebhookEndpointList extends OnePage {
  @Out(arrayOf(ref('WebhookEndpoint'), { description: 'Every endpoint of the workspace (at most 100)' })) data!: WebhookEndpoint[];
}

export const DeletedWebhookEndpoint = deletedAnswer('DeletedWebhookEndpoint', 'webhook_endpoint');

@Declaration({ answer: true })
export class WebhookDelivery {
  @Out({ type: 'string', example: 'wd_00VbbQ5mGtVbp9Yc' }) id!: string;
  @Out(constant('webhook_delivery')) object!: 'webhook_delivery';
  @Out(str) endpoint_id!: string;
  @Out({ type: 'string', description: 'also the webhook-id header, the same on every attempt' }) event_id!: string;
  @Out(ref('WebhookEventType')) event_type!: string;
  @Out({ enum: ['pending', 'delivered', 'failed', 'cancelled'], description: 'failed: no retry left; cancelled: the endpoint was deleted or disabled' })
  status!: string;
  @Out(int) attempts!: number;
  @Out(nullable('integer')) last_status_code!: number | null;
  @Out(nullable('string', { description: 'e.g. timeout, connection refused, redirect (never the response body)' })) last_error!: string | null;
  @Out(nullable('integer')) last_duration_ms!: number | null;
  @Out({ type: ['string', 'null'], format: 'date-time' }) last_attempt_at!: string | null;
  @Out({ type: ['string', 'null'], format: 'date-time' }) next_attempt_at!: string | null;
  @Out(dateTime) created_at!: string;
}

@Declaration({ answer: true })
export class WebhookDeliveryList extends OnePage {
  @Out(arrayOf(ref('WebhookDelivery'), { description: 'The endpoint’s latest 100 deliveries, newest first' })) data!: WebhookDelivery[];
}

@Declaration({ answer: true })
export class WebhookTestResult {
  @Out(constant('webhook_test')) object!: 'webhook_test';
  @Out(str) event_id!: string;
  @Out({ type: 'string', description: 'The test’s entry in GET /webhook-endpoints/{id}/deliveries' }) delivery_id!: string;
  @Out({ type: 'boolean', description: 'The endpoint answered 2xx' }) delivered!: boolean;
  @Out(nullable('integer')) status_code!: number | null;
  @Out(nullable('string')) error!: string | null;
  @Out(int) duration_ms!: number;
}
