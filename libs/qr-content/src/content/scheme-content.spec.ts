import { mailtoUri } from './email-content';
import { formatCoordinate, geoUri } from './location-content';
import { smsUri, smstoPayload } from './sms-content';

describe('email, phone, sms and location content', () => {
  it('builds mailto: URIs per RFC 6068', () => {
    expect(mailtoUri({ to: 'ana@example.com' })).toBe('mailto:ana@example.com');
    expect(mailtoUri({ to: 'ana@example.com', subject: 'Hello & welcome?', body: 'Line 1\nLine 2 = 100%' })).toBe(
      'mailto:ana@example.com?subject=Hello%20%26%20welcome%3F&body=Line%201%0D%0ALine%202%20%3D%20100%25',
    );
    expect(mailtoUri({ to: 'ana@example.com', subject: '', body: 'Grüße' })).toBe('mailto:ana@example.com?body=Gr%C3%BC%C3%9Fe');
    expect(mailtoUri({ to: 'a#b?c%d/e&f=g@example.com' })).toBe('mailto:a%23b%3Fc%25d%2Fe%26f%3Dg@example.com');
    expect(mailtoUri({ to: 'jörg+x@müller.de' })).toBe('mailto:j%C3%B6rg+x@m%C3%BCller.de');
  });

  it('builds SMSTO: payloads and sms: URIs', () => {
    expect(smstoPayload({ number: '+4930123456', message: 'Table 4: 2 beers, please' })).toBe('SMSTO:+4930123456:Table 4: 2 beers, please');
    expect(smstoPayload({ number: '+4930123456' })).toBe('SMSTO:+4930123456:');
    expect(smsUri({ number: '+4930123456', message: 'Hi & bye?' })).toBe('sms:+4930123456?body=Hi%20%26%20bye%3F');
    expect(smsUri({ number: '+4930123456', message: '' })).toBe('sms:+4930123456');
  });

  it('builds geo: URIs in plain decimal notation', () => {
    expect(geoUri({ latitude: 52.520008, longitude: 13.404954 })).toBe('geo:52.520008,13.404954');
    expect(geoUri({ latitude: -33.8688, longitude: 151.2093, query: 'Opera House & Café' })).toBe('geo:-33.8688,151.2093?q=Opera%20House%20%26%20Caf%C3%A9');
    expect(formatCoordinate(1e-7)).toBe('0.0000001');
    expect(formatCoordinate(-1e-9)).toBe('0');
    expect(formatCoordinate(90)).toBe('90');
    expect(formatCoordinate(-0.5)).toBe('-0.5');
    expect(formatCoordinate(12.123456789)).toBe('12.1234568');
  });
});
