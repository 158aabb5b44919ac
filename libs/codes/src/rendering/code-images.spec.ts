import { DEFAULT_DESIGN } from '@qr/qr-design';
import { type QrCodeRecord } from '../codes/qr-code-record';
import { CodeImages, etagListHas, type ImageAnswer, type RenderedImage } from './code-images';
import { type ImageOptions } from './image-options';

const PAYLOAD = 'https://qr.example/AbC12xY';
const PNG: ImageOptions = { format: 'png', size: null, margin: null, ecc: 'M' };
const code = (o: Partial<QrCodeRecord> = {}) =>
  ({ id: 'qr_a', workspace_id: 'ws_a', revision: 1, design: { ...DEFAULT_DESIGN, modules: 'dots' }, updated_at: 0, ...o }) as QrCodeRecord;

/** Counts renders: `answer` asks for the logo only when it draws. */
function counted(images: CodeImages) {
  let renders = 0;
  const answer = (record: QrCodeRecord, options = PNG, ifNoneMatch?: string): Promise<ImageAnswer> =>
    images.answer(record, PAYLOAD, options, ifNoneMatch, async () => {
      renders++;
      return null;
    });
  return { answer, renders: () => renders };
}

const rendered = (a: ImageAnswer) => a as RenderedImage;

describe('CodeImages', () => {
  it('renders an image once: asked again, it is the kept one, with the same ETag', async () => {
    const { answer, renders } = counted(new CodeImages(1 << 20));
    const first = rendered(await answer(code()));
    expect(first).toMatchObject({ contentType: 'image/png', filename: 'qr_a.png', etag: expect.stringMatching(/^"[\w-]{22}"$/) });
    expect(Buffer.from(first.bodyBase64, 'base64').subarray(1, 4).toString()).toBe('PNG');
    expect(await answer(code())).toBe(first);
    expect(renders()).toBe(1);
  });

  it('draws an image once for requests that ask for it at the same time; a drawing that fails is not kept', async () => {
    const { answer, renders } = counted(new CodeImages(1 << 20));
    const answers = await Promise.all([answer(code()), answer(code()), answer(code())]);
    expect(renders()).toBe(1);
    expect(new Set(answers).size).toBe(1);
    const images = new CodeImages(1 << 20);
    const failing = () => Promise.reject(new Error('the logo could not be read'));
    await expect(images.answer(code(), PAYLOAD, PNG, undefined, failing)).rejects.toThrow('the logo could not be read');
    expect(await images.answer(code(), PAYLOAD, PNG, undefined, async () => null)).toMatchObject({ bodyBase64: expect.any(String) });
  });

  it('answers If-None-Match with the current ETag as not modified without rendering, kept or not', async () => {
    const { etag } = rendered(await counted(new CodeImages(1 << 20)).answer(code()));
    const { answer, renders } = counted(new CodeImages(1 << 20));
    expect(await answer(code(), PNG, etag)).toEqual({ etag, notModified: true });
    expect(await answer(code(), PNG, `"other", W/${etag}`)).toEqual({ etag, notModified: true });
    expect(await answer(code(), PNG, '*')).toEqual({ etag, notModified: true });
    expect(renders()).toBe(0);
    expect(rendered(await answer(code(), PNG, '"other"')).etag).toBe(etag);
    expect(renders()).toBe(1);
  });

  it('gives a new ETag, and draws again, for a new revision, a changed design (a preset changed), other data or other options', async () => {
    const { answer, renders } = counted(new CodeImages(1 << 20));
    const { etag } = rendered(await answer(code()));
    const changed = [
      await answer(code({ revision: 2 }), PNG, etag),
      await answer(code({ design: { ...DEFAULT_DESIGN, modules: 'rounded' } }), PNG, etag),
      await answer(code(), { ...PNG, size: 300 }, etag),
      await answer(code(), { ...PNG, format: 'svg' }, etag),
    ];
    for (const a of changed) expect(a).toMatchObject({ bodyBase64: expect.any(String), etag: expect.not.stringMatching(etag) });
    expect(new Set(changed.map((a) => a.etag)).size).toBe(4);
    const { etag: otherData } = rendered(await new CodeImages(0).answer(code(), 'https://qr.example/ZZZ99zz', PNG, etag, async () => null));
    expect(otherData).not.toBe(etag);
    expect(renders()).toBe(5);
  });

  it('keeps no entry of one workspace for another: the key holds the workspace as well as the code', async () => {
    const { answer, renders } = counted(new CodeImages(1 << 20));
    const a = rendered(await answer(code()));
    const b = rendered(await answer(code({ workspace_id: 'ws_b' })));
    expect(b).not.toBe(a);
    expect(b.etag).not.toBe(a.etag);
    expect(renders()).toBe(2);
  });

  it('is bounded in bytes: past the bound the least recently used image goes, and one larger than the bound is not kept', async () => {
    const size = rendered(await new CodeImages(0).answer(code(), PAYLOAD, PNG, undefined, async () => null)).bodyBase64.length;
    const images = new CodeImages(Math.floor(size * 2.5));
    const { answer, renders } = counted(images);
    await answer(code({ id: 'qr_1' }));
    await answer(code({ id: 'qr_2' }));
    await answer(code({ id: 'qr_1' })); // now the most recently used
    await answer(code({ id: 'qr_3' })); // qr_2 goes
    expect(renders()).toBe(3);
    // The bytes the kept images take (base64 bodies and keys).
    const keptBytes = images['kept']!.calculatedSize;
    expect(keptBytes).toBeLessThanOrEqual(size * 2.5);
    expect(keptBytes).toBeGreaterThan(size * 1.9);
    await answer(code({ id: 'qr_1' }));
    await answer(code({ id: 'qr_3' }));
    expect(renders()).toBe(3);
    await answer(code({ id: 'qr_2' }));
    expect(renders()).toBe(4);
    const large = await answer(code({ id: 'qr_4' }), { ...PNG, size: 4096 });
    expect(rendered(large).bodyBase64.length).toBeGreaterThan(size * 2.5);
    await answer(code({ id: 'qr_4' }), { ...PNG, size: 4096 });
    expect(renders()).toBe(6);
  });
});

describe('etagListHas', () => {
  it('reads If-None-Match as a list, compares weakly, and takes * for any', () => {
    expect(etagListHas('"a"', '"a"')).toBe(true);
    expect(etagListHas('"b" , W/"a"', '"a"')).toBe(true);
    expect(etagListHas('*', '"a"')).toBe(true);
    expect(etagListHas('"b"', '"a"')).toBe(false);
    expect(etagListHas('a', '"a"')).toBe(false);
  });
});
