import { dynamicTarget } from './dynamic-target';
import { QR_TYPES } from './qr-types';

describe('dynamicTarget', () => {
  it.each([
    ['website', { url: 'https://example.com/a?b=c' }, 'https://example.com/a?b=c'],
    ['email', { to: 'ana@example.com', subject: 'Hi', body: 'a\nb' }, 'mailto:ana@example.com?subject=Hi&body=a%0D%0Ab'],
    ['phone', { number: '+4930123456' }, 'tel:+4930123456'],
    ['sms', { number: '+4930123456', message: 'Hi there' }, 'sms:+4930123456?body=Hi%20there'],
    ['sms', { number: '+4930123456' }, 'sms:+4930123456'],
    ['location', { latitude: 48.8584, longitude: 2.2945 }, 'geo:48.8584,2.2945'],
    [
      'gs1',
      {
        gtin: '09506000134352',
        links: [
          { link_type: 'gs1:pip', href: 'https://brand.example/pip', title: 'P' },
          { link_type: 'gs1:recallStatus', href: 'https://brand.example/recall', title: 'R', default: true },
        ],
      },
      'https://brand.example/recall',
    ],
  ] as const)('%s → %s', (type, content, target) => {
    expect(dynamicTarget(type, content)).toBe(target);
  });

  it('is null for hosted and static-only types', () => {
    const none = QR_TYPES.filter(
      (type) =>
        dynamicTarget(type, { url: 'https://a.b', number: '+4930123456', to: 'a@b.co', latitude: 0, longitude: 0, links: [{ href: 'https://a.b' }] }) === null,
    );
    expect(none).toEqual(['menu', 'form', 'vcard', 'text', 'wifi']);
  });
});
