import { eventListProblems, parseWebhookUrl } from '@qr/webhook-rules';
import { Declaration } from '../engine/declare';
import { fault, faultsOf } from '../engine/fault';
import { Field } from '../engine/fields';

/*
 * POST /webhook-endpoints; a PATCH takes any of the fields (WebhookEndpointPatch). The rules that are
 * not shapes stay with the webhooks: the plan's event types (403), and every address the URL resolves
 * to (no private ones).
 */

const URL_DOC = { type: 'string', format: 'uri', description: 'http(s); must resolve to public addresses only' };

@Declaration()
export class WebhookEndpointInput {
  @Field(
    (events) => faultsOf(eventListProblems(events, '')),
    { type: 'array', minItems: 1, items: { $ref: '#/components/schemas/WebhookEventType' }, description: 'pro: all but milestones; agency: all' },
    { required: true, seesAbsence: true },
  )
  events!: string[];

  @Field(
    (description) =>
      description === null || (typeof description === 'string' && description.length <= 500) ? [] : [fault('invalid', 'at most 500 characters')],
    { type: ['string', 'null'], maxLength: 500 },
  )
  description?: string | null;

  @Field((status) => (status === 'enabled' || status === 'disabled' ? [] : [fault('invalid', 'status must be enabled or disabled')]), {
    enum: ['enabled', 'disabled'],
  })
  status?: 'enabled' | 'disabled';

  @Field(
    (url) => {
      const parsed = parseWebhookUrl(url, '');
      return parsed.ok ? [] : faultsOf(parsed.errors);
    },
    URL_DOC,
    { required: true, seesAbsence: true },
  )
  url!: string;
}
