import { redirectLocation } from './redirect-location';

describe('redirectLocation', () => {
  it('appends the link’s UTM fields to web targets and leaves other schemes as they are', () => {
    const utm = { utm_source: 'qr', utm_medium: null };
    expect(redirectLocation('https://shop.example/p?id=7', utm)).toBe('https://shop.example/p?id=7&utm_source=qr');
    expect(redirectLocation('HTTP://shop.example/ä', utm)).toBe('http://shop.example/%C3%A4?utm_source=qr');
    expect(redirectLocation('tel:+4930123', utm)).toBe('tel:+4930123');
  });

  it('gives each destination of one link its own location', () => {
    const utm = { utm_campaign: 'spring' };
    expect(redirectLocation('https://a.example/', utm)).toBe('https://a.example/?utm_campaign=spring');
    expect(redirectLocation('https://b.example/', utm)).toBe('https://b.example/?utm_campaign=spring');
    expect(redirectLocation('https://a.example/', utm)).toBe('https://a.example/?utm_campaign=spring');
  });

  it('builds anew for a changed link (a new record), never serving the old UTM fields', () => {
    expect(redirectLocation('https://shop.example/', { utm_source: 'flyer' })).toBe('https://shop.example/?utm_source=flyer');
    expect(redirectLocation('https://shop.example/', { utm_source: 'poster' })).toBe('https://shop.example/?utm_source=poster');
    expect(redirectLocation('https://shop.example/', {})).toBe('https://shop.example/');
  });

  it('stays correct past its bound on distinct targets for one link', () => {
    const utm = { utm_source: 'qr' };
    for (let i = 0; i < 200; i++) expect(redirectLocation(`https://shop.example/${i}`, utm)).toBe(`https://shop.example/${i}?utm_source=qr`);
  });
});
