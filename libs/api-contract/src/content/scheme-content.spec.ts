import { validateContent } from './qr-content';

const found = (type: 'email' | 'phone' | 'sms' | 'location', content: unknown): string[] =>
  validateContent(type, 'static', content).map((e) => `${e.pointer} ${e.code}`);

describe('email, phone, sms and location content', () => {
  it('checks email fields', () => {
    expect(found('email', { to: 'not-an-email', subject: 'a\nb', body: 'b'.repeat(2001) })).toEqual([
      '/content/to invalid',
      '/content/subject invalid',
      '/content/body too_long',
    ]);
    expect(found('email', { to: 'a@b.co', subject: '', body: '' })).toEqual([]);
  });

  it.each(['+4930123456', '+14155550123', '+1234567', '+123456789012345'])('accepts the E.164 number %s', (number) => {
    expect(found('phone', { number })).toEqual([]);
    expect(found('sms', { number })).toEqual([]);
  });

  it.each(['4930123456', '+0123456789', '+49 30 123456', '+49-30-123456', '+123456', '+1234567890123456', '+49301234x', ''])(
    'rejects the number %j',
    (number) => {
      expect(found('phone', { number })).toEqual([number === '' ? '/content/number required' : '/content/number invalid']);
    },
  );

  it('limits the sms message to 500 characters', () => {
    expect(found('sms', { number: '+4930123456', message: 'm'.repeat(500) })).toEqual([]);
    expect(found('sms', { number: '+4930123456', message: 'm'.repeat(501) })).toEqual(['/content/message too_long']);
  });

  it.each([
    [{ latitude: 90, longitude: 180 }, []],
    [{ latitude: -90, longitude: -180 }, []],
    [{ latitude: 90.0001, longitude: 0 }, ['/content/latitude out_of_range']],
    [{ latitude: 0, longitude: -180.5 }, ['/content/longitude out_of_range']],
    [{ latitude: '52.5', longitude: 13 }, ['/content/latitude invalid_type']],
    [{ latitude: 52.5 }, ['/content/longitude required']],
    [{ latitude: 0, longitude: 0, query: 'q'.repeat(201) }, ['/content/query too_long']],
  ])('location %j → %j', (content, errors) => {
    expect(found('location', content)).toEqual(errors);
  });
});
