import { defineEvent } from '../../event-definition';

export interface LeadCreatedV1 {
  lead_id: string;
  qr_id: string;
  client_ref: string | null;
  fields: Record<string, string>;
  submitted_at: string;
}

export const LEAD_CREATED_V1 = defineEvent('lead.created', 1, {
  lead_id: { type: 'string' },
  qr_id: { type: 'string' },
  client_ref: { type: ['string', 'null'] },
  fields: { type: 'object', additionalProperties: { type: 'string' } },
  submitted_at: { type: 'string' },
});
