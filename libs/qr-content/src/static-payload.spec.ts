import { staticPayload } from './static-payload';

describe('staticPayload', () => {
  it.each([
    ['website', { url: 'https://example.com/a?b=c' }, 'https://example.com/a?b=c'],
    ['text', { text: '  Hello,\nworld  ' }, '  Hello,\nworld  '],
    ['vcard', { first_name: 'Ana' }, 'BEGIN:VCARD\r\nVERSION:3.0\r\nN:;Ana;;;\r\nFN:Ana\r\nEND:VCARD\r\n'],
    ['wifi', { ssid: 'Home;Net', encryption: 'WPA', password: 'p:ss,word', hidden: true }, 'WIFI:T:WPA;S:Home\\;Net;P:p\\:ss\\,word;H:true;;'],
    ['email', { to: 'ana@example.com', subject: 'Hi there' }, 'mailto:ana@example.com?subject=Hi%20there'],
    ['phone', { number: '+4930123456' }, 'tel:+4930123456'],
    ['sms', { number: '+4930123456', message: 'Hi there' }, 'SMSTO:+4930123456:Hi there'],
    ['location', { latitude: 48.8584, longitude: 2.2945, query: 'Eiffel Tower' }, 'geo:48.8584,2.2945?q=Eiffel%20Tower'],
  ] as const)('%s', (type, content, payload) => {
    expect(staticPayload(type, content)).toBe(payload);
  });

  it.each(['menu', 'form'] as const)('throws for %s, which has no static form', (type) => {
    expect(() => staticPayload(type, { title: 'x' })).toThrow(/no static payload/);
  });
});
