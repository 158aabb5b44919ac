import * as rules from './index';

describe('@qr/webhook-rules public API', () => {
  it('exports exactly the agreed values', () => {
    expect(Object.keys(rules).sort()).toEqual(
      [
        'DEFAULT_RETRY_SCHEDULE',
        'ENDPOINT_FAILURE_WINDOW_MS',
        'allowedEventTypes',
        'classifyAttempt',
        'eventListProblems',
        'generateWebhookSecret',
        'isDialableAddress',
        'nextAttemptAt',
        'parseRetrySchedule',
        'parseWebhookUrl',
        'shouldDisableEndpoint',
        'signMessage',
        'signatureHeader',
        'validateSubscription',
        'webhookHeaders',
        'webhookPayloadOf',
      ].sort(),
    );
  });
});
