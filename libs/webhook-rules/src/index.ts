// Webhook rules: pure functions for signing (Standard Webhooks), the public payload, plan gating,
// the retry policy and SSRF address checks. Time and randomness are parameters, never ambient, so
// the dispatcher's behaviour is exact in tests. No I/O: DNS and HTTP belong to the dispatcher.
export { generateWebhookSecret } from './signing/generate-webhook-secret';
export { webhookHeaders } from './signing/webhook-headers';
export { webhookPayloadOf, type WebhookPayload } from './payload/webhook-payload-of';
// Re-exported for the dispatcher's convenience; the list itself lives with the plans in @qr/domain.
export type { WebhookEventType } from '@qr/domain';
export { eventListProblems, validateSubscription } from './gating/validate-subscription';
export { classifyAttempt, type AttemptOutcome } from './retry/classify-attempt';
export { nextAttemptAt } from './retry/next-attempt-at';
export { shouldDisableEndpoint, ENDPOINT_FAILURE_WINDOW_MS } from './retry/should-disable-endpoint';
export { parseWebhookUrl } from './address/parse-webhook-url';
export { isDialableAddress, type AddressPolicy } from './address/is-dialable-address';
