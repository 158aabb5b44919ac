import { DEFAULT_DESIGN, isDefaultDesign } from '@qr/qr-design';
import { applyDesign, designMergePatch } from './apply-design';

const ok = (patch: unknown, base = DEFAULT_DESIGN) => {
  const parsed = applyDesign(base, patch, '/design');
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.design;
};
const errors = (patch: unknown, base = DEFAULT_DESIGN) => {
  const parsed = applyDesign(base, patch, '/design');
  if (parsed.ok) throw new Error('accepted');
  return parsed.errors.map((e) => `${e.pointer} ${e.code}`);
};

describe('applyDesign', () => {
  it('fills every field a request leaves out from the defaults, and normalises colours', () => {
    expect(ok({})).toEqual(DEFAULT_DESIGN);
    expect(isDefaultDesign(ok({}))).toBe(true);
    expect(ok({ foreground: '#1A2', modules: 'dots', eyes: { outer: 'circle' } })).toEqual({
      ...DEFAULT_DESIGN,
      foreground: '#11aa22',
      modules: 'dots',
      eyes: { outer: 'circle', inner: 'square', color: null },
    });
  });

  it('gives a new gradient or frame the defaults of their own fields', () => {
    expect(ok({ gradient: { start: '#000000', end: '#333333' } }).gradient).toEqual({ type: 'linear', start: '#000000', end: '#333333', rotation: 0 });
    expect(ok({ frame: { text: 'Scan me' } }).frame).toEqual({ position: 'below', text: 'Scan me', color: '#000000', text_color: '#ffffff' });
  });

  it('merges onto a stored design as a JSON merge patch: fields replace, null clears, objects merge', () => {
    const stored = ok({ modules: 'rounded', frame: { text: 'Menu', color: '#123456' }, eyes: { color: '#222222' } });
    const merged = ok(designMergePatch(stored, { frame: { text: 'Order here' }, eyes: { color: null } }), DEFAULT_DESIGN);
    expect(merged).toMatchObject({ modules: 'rounded', frame: { text: 'Order here', color: '#123456' }, eyes: { color: null } });
    expect(ok(designMergePatch(stored, { frame: null })).frame).toBeNull();
  });

  it('names every problem at its field', () => {
    expect(
      errors({ foreground: 'red', background: '#fff0', modules: 'hearts', eyes: { outer: 'star', shade: 1 }, margin: 1, frame: { text: '' }, shadow: {} }),
    ).toEqual(['/design/shadow unknown_field', '/design/eyes/shade unknown_field']);
    expect(errors({ foreground: 'red', background: '#fff0', modules: 'hearts', eyes: { outer: 'star' }, margin: 1, frame: { text: '' } })).toEqual([
      '/design/foreground invalid_color',
      '/design/background invalid_color',
      '/design/modules invalid',
      '/design/eyes/outer invalid',
      '/design/margin out_of_range',
      '/design/frame/text invalid',
    ]);
    expect(errors({ gradient: { start: '#000', end: '#111', rotation: 360 } })).toEqual(['/design/gradient/rotation out_of_range']);
    expect(errors({ eyes: null })).toEqual(['/design/eyes invalid_type']);
    expect(errors('dots')).toEqual(['/design invalid_type']);
    expect(errors({ margin: 2.5 })).toEqual(['/design/margin out_of_range']);
  });

  it('takes a logo of the workspace at 5–30 % of the symbol, with a background by default', () => {
    const id = 'logo_00VbbQ5mGtVbp9YcAbCdEfGh';
    expect(ok({ logo: { id } }).logo).toEqual({ id, size: 0.2, background: true });
    expect(ok({ logo: { id, size: 0.3, background: false } }).logo).toEqual({ id, size: 0.3, background: false });
    expect(errors({ logo: { id, size: 0.35 } })).toEqual(['/design/logo/size logo_too_large']);
    expect(errors({ logo: { id: 'x', size: 0.01, background: 'yes', tint: 1 } })).toEqual(['/design/logo/tint unknown_field']);
    expect(errors({ logo: { id: 'x', size: 0.01, background: 'yes' } })).toEqual([
      '/design/logo/id invalid',
      '/design/logo/size out_of_range',
      '/design/logo/background invalid_type',
    ]);
    expect(ok(designMergePatch(ok({ logo: { id } }), { logo: null })).logo).toBeNull();
  });

  it('takes frame text of up to 30 characters in any script, counting what a reader sees as one', () => {
    expect(ok({ frame: { text: '  メニューを  見る ' } }).frame!.text).toBe('メニューを 見る');
    expect(ok({ frame: { text: '👍🏽'.repeat(30) } }).frame!.text).toHaveLength(120);
    expect(errors({ frame: { text: 'x'.repeat(31) } })).toEqual(['/design/frame/text too_long']);
    expect(errors({ frame: { text: 'a\u0000b' } })).toEqual(['/design/frame/text invalid']);
  });
});
