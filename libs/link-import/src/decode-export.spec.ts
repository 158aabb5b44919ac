import { decodeExport } from './decode-export';

describe('decodeExport', () => {
  it('takes UTF-8 with or without a byte order mark, and text already decoded', () => {
    expect(decodeExport(new Uint8Array([0xef, 0xbb, 0xbf, 0x61, 0xc3, 0xa9]))).toEqual({ ok: true, text: 'aé' });
    expect(decodeExport(new Uint8Array([0x61, 0xc3, 0xa9]))).toEqual({ ok: true, text: 'aé' });
    expect(decodeExport('\uFEFFaé')).toEqual({ ok: true, text: 'aé' });
  });

  it('takes UTF-16 with a byte order mark, either byte order', () => {
    expect(decodeExport(new Uint8Array([0xff, 0xfe, 0x61, 0x00, 0xe9, 0x00]))).toEqual({ ok: true, text: 'aé' });
    expect(decodeExport(new Uint8Array([0xfe, 0xff, 0x00, 0x61, 0x00, 0xe9]))).toEqual({ ok: true, text: 'aé' });
  });

  it('refuses bytes that are not UTF-8, naming the line, rather than guessing Latin-1', () => {
    const latin1 = new Uint8Array([...new TextEncoder().encode('a,b\nc,d\n'), 0x63, 0x61, 0x66, 0xe9, 0x0a]);
    expect(decodeExport(latin1)).toEqual({ ok: false, problem: { code: 'not_utf8', detail: expect.stringContaining('line 3') } });
  });

  it('refuses an overlong encoding and a lone surrogate half encoded in UTF-8', () => {
    expect(decodeExport(new Uint8Array([0xc0, 0xaf]))).toMatchObject({ ok: false, problem: { code: 'not_utf8' } });
    expect(decodeExport(new Uint8Array([0xed, 0xa0, 0x80]))).toMatchObject({ ok: false, problem: { code: 'not_utf8' } });
  });

  it('refuses NUL characters and blank files', () => {
    expect(decodeExport('a\u0000b')).toMatchObject({ ok: false, problem: { code: 'not_text' } });
    expect(decodeExport(new Uint8Array([0x20, 0x0a]))).toMatchObject({ ok: false, problem: { code: 'empty' } });
  });
});
