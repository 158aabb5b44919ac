/** The Standard Webhooks headers every delivery carries (the `webhooks` section of the document). */
export const WEBHOOK_SIGNATURE_HEADERS = [
  { name: 'webhook-id', in: 'header', required: true, schema: { type: 'string' }, description: 'The event id; the same on every attempt' },
  {
    name: 'webhook-timestamp',
    in: 'header',
    required: true,
    schema: { type: 'string' },
    description: 'Unix seconds of this attempt; reject old ones (the SDK allows 5 minutes)',
  },
  {
    name: 'webhook-signature',
    in: 'header',
    required: true,
    schema: { type: 'string' },
    description: '`v1,<base64 HMAC-SHA256 of "id.timestamp.body" with the endpoint secret>`; two space-separated signatures for 24 h after a secret rotation',
  },
];
