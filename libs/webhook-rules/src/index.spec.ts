import * as rules from './index';

describe('@qr/webhook-rules public API', () => {
  it('exports exactly the agreed values', () => {
    expect(Object.keys(rules).sort()).toEqual(
      [
        'ENDPOINT_FAILURE_WINDOW_MS',
        'classifyAttempt',
        'eventListProblems',
        'generateWebhookSecret',
        'isDialableAddress',
        'nextAttemptAt',
        'parseWebhookUrl',
        'shouldDisableEndpoint',
        'validateSubscription',
        'webhookHeaders',
        'webhookPayloadOf',
      ].sort(),
    );
  });
});
