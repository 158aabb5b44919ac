import { decompressDigitalLinkPath, isCompressedDigitalLinkPath } from './compressed-uri';
import { gs1Toolkit } from './testing/gs1-toolkit';

describe('isCompressedDigitalLinkPath', () => {
  it.each([
    ['/CxFKk4XBoI1XgkYug-Kg', true],
    ['/CxFKk4XBoI1XgkYug-Kg/', true],
    ['/01/09506000134352/ARg', true],
    ['/01/09506000134352/10/ABC/ARg', true],
    ['/01/09506000134352', false],
    ['/01/09506000134352/10/ABC', false],
    ['/a.b', false],
    ['/', false],
    ['/x/y/z', false],
  ])('%s → %s', (path, expected) => {
    expect(isCompressedDigitalLinkPath(path)).toBe(expected);
  });
});

describe('decompressDigitalLinkPath', () => {
  it('gives the path and data attributes the compressed string holds', () => {
    expect(decompressDigitalLinkPath('/CxFKk4XBoI1XgkYug-Kg')).toEqual({ ok: true, path: '/01/09506000134352/10/ABC123', query: '17=270101' });
  });

  it('round-trips what the GS1 toolkit compresses', () => {
    const uri = 'https://id.brand.com/01/09506000134352/22/V1/10/AB%2F1/21/S1?17=270101&3103=000250';
    const compressed = gs1Toolkit().compressGS1DigitalLink(uri, false, 'https://id.brand.com', false, true, true);
    const path = compressed.slice('https://id.brand.com'.length);
    expect(path).toMatch(/^\/[A-Za-z0-9_-]+$/);
    expect(decompressDigitalLinkPath(path)).toEqual({ ok: true, path: '/01/09506000134352/22/V1/10/AB%2F1/21/S1', query: '17=270101&3103=000250' });
  });

  it.each(['/abc123', '/Dashboard', '/01/09506000134352/foo'])('%s is refused as a 400 problem', (path) => {
    const result = decompressDigitalLinkPath(path);
    expect(result).toEqual({ ok: false, problems: [expect.objectContaining({ pointer: '/path', code: 'invalid_compression' })] });
  });
});
