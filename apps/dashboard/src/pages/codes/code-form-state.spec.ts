import { type QrCode } from '../../api/types';
import { contentBody, createBody, formPointer, newCodeState, patchBody, stateOfCode } from './code-form-state';
import { designBody, designForm } from './design-form';

const state = (patch: Partial<ReturnType<typeof newCodeState>> = {}) => ({ ...newCodeState('website'), timezone: 'Europe/Berlin', ...patch });

describe('the code form’s requests', () => {
  it('sends a minimal dynamic website as the API expects, leaving empty fields out', () => {
    expect(createBody(state({ content: { url: 'https://example.com' } }))).toEqual({
      type: 'website',
      category: 'dynamic',
      content: { url: 'https://example.com' },
      timezone: 'Europe/Berlin',
    });
  });

  it('turns wall times in the code’s zone into instants with offsets, and keeps the rules after the default destination', () => {
    const body = createBody(
      state({
        name: 'Spring',
        client_ref: 'sku-1',
        content: { url: 'https://example.com/a' },
        rules: [{ target_url: 'https://example.com/de', device: '', os: 'ios', country: 'de', language: '', weight: '' }],
        start_at: '2026-12-01T09:00',
        daily_start: '08:00',
        daily_end: '18:00',
        daily_days: ['fri', 'mon'],
        scan_limit: '100',
        paused: true,
      }),
    );
    expect(body).toMatchObject({
      name: 'Spring',
      client_ref: 'sku-1',
      status: 'paused',
      start_at: '2026-12-01T09:00:00+01:00',
      daily_days: ['mon', 'fri'],
      scan_limit: 100,
      destinations: [{ target_url: 'https://example.com/a' }, { target_url: 'https://example.com/de', os: 'ios', country: 'DE' }],
    });
    expect(body).not.toHaveProperty('end_at');
  });

  it('sends text the server must judge as it was typed (a scan limit that is not a number)', () => {
    expect(createBody(state({ content: { url: 'https://example.com' }, scan_limit: 'ten' })).scan_limit).toBe('ten');
  });

  it('clears fields with null on PATCH, and never sends a static code’s data', () => {
    const dynamic = patchBody(state({ name: 'N', content: { url: 'https://example.com' } }));
    expect(dynamic).toMatchObject({
      name: 'N',
      folder_id: null,
      status: 'active',
      start_at: null,
      end_at: null,
      scan_limit: null,
      utm_source: null,
      destinations: [{ target_url: 'https://example.com' }],
    });
    const staticCode = patchBody({ ...newCodeState('text'), name: 'T', content: { text: 'hello' } });
    // A static code's design may change (it is only how the pattern is drawn); its data never.
    expect(staticCode).toEqual({ name: 'T', folder_id: null, status: 'active', design_preset_id: null, design: designBody(designForm()) });
  });

  it('sends a design only when it is not the default on create, and always whole on PATCH', () => {
    expect(createBody(state({ content: { url: 'https://example.com' } }))).not.toHaveProperty('design');
    const framed = { ...designForm(), modules: 'dots' as const, frame: true, frame_text: 'Scan me', eye_color_on: true, eye_color: '#C2185B' };
    expect(createBody({ ...state({ content: { url: 'https://example.com' } }), design: framed }).design).toEqual({
      foreground: '#000000',
      background: '#ffffff',
      gradient: null,
      modules: 'dots',
      eyes: { outer: 'square', inner: 'square', color: '#C2185B' },
      margin: 4,
      frame: { position: 'below', text: 'Scan me', color: '#000000', text_color: '#ffffff' },
      logo: null,
    });
    expect(designBody({ ...framed, logo_id: 'logo_x', logo_size: '25', logo_background: false }).logo).toEqual({ id: 'logo_x', size: 0.25, background: false });
    expect(designBody({ ...framed, gradient: true, gradient_rotation: '90', margin: 'four' })).toMatchObject({
      gradient: { type: 'linear', rotation: 90 },
      margin: 'four',
    });
  });

  it('builds menu and wifi content: numbers as numbers, tags as a list, nopass without a password', () => {
    const menu = contentBody('menu', {
      title: 'Lunch',
      currency: '',
      footer: '',
      sections: [{ name: 'Mains', items: [{ name: 'Soup', description: '', price: '4.50', tags: 'vegan, hot ' }] }],
    });
    expect(menu).toEqual({ title: 'Lunch', sections: [{ name: 'Mains', items: [{ name: 'Soup', price: 4.5, tags: ['vegan', 'hot'] }] }] });
    expect(contentBody('wifi', { ssid: 'Cafe', encryption: 'nopass', password: 'x', hidden: false })).toEqual({ ssid: 'Cafe', encryption: 'nopass' });
    expect(contentBody('location', { latitude: '52.52', longitude: 'east', query: '' })).toEqual({ latitude: 52.52, longitude: 'east' });
  });

  it('reads a stored code back into the form, round trip', () => {
    const code = {
      type: 'website',
      category: 'dynamic',
      name: 'X',
      client_ref: null,
      folder_id: 'fld_1',
      custom_domain_id: null,
      status: 'paused',
      content: { url: 'https://example.com' },
      destinations: [{ target_url: 'https://example.com' }, { target_url: 'https://m.example.com', device: 'mobile' }],
      timezone: 'Europe/Berlin',
      start_at: '2026-12-01T08:00:00Z',
      end_at: null,
      daily_start: null,
      daily_end: null,
      daily_days: null,
      scan_limit: 5,
      fallback_url: null,
      utm_source: 'box',
      utm_medium: null,
      utm_campaign: null,
      utm_term: null,
      utm_content: null,
    } as unknown as QrCode;
    const form = stateOfCode(code);
    expect(form).toMatchObject({
      start_at: '2026-12-01T09:00',
      scan_limit: '5',
      paused: true,
      rules: [{ target_url: 'https://m.example.com', device: 'mobile' }],
    });
    expect(patchBody(form)).toMatchObject({ start_at: '2026-12-01T08:00:00Z', scan_limit: 5, utm_source: 'box', status: 'paused' });
    expect(patchBody({ ...form, start_at: '2026-12-01T10:00' }).start_at).toBe('2026-12-01T10:00:00+01:00');
  });

  it('sends an untouched start in the hour that occurs twice back exactly as stored', () => {
    const code = { ...newCodeState('website'), content: { url: 'https://example.com' } };
    const stored = { start_at: '2026-10-25T01:30:00Z', end_at: null, timezone: 'Europe/Berlin' };
    const form = { ...code, timezone: 'Europe/Berlin', start_at: '2026-10-25T02:30', stored };
    expect(patchBody(form).start_at).toBe('2026-10-25T01:30:00Z');
  });

  it('maps the API’s destination pointers to the form’s fields', () => {
    expect(formPointer('/destinations/0/target_url')).toBe('/content/url');
    expect(formPointer('/destinations/2/country')).toBe('/rules/1/country');
    expect(formPointer('/destinations/1')).toBe('/rules/0');
    expect(formPointer('/content/url')).toBe('/content/url');
    expect(formPointer('/destinations/0/weight')).toBe('/default_weight');
    expect(formPointer('/destinations/3/weight')).toBe('/rules/2/weight');
  });

  it('keeps A/B weights through an edit, and sends a typed weight as a number where it is one, else as typed, for the server to judge', () => {
    const code = {
      type: 'website',
      category: 'dynamic',
      name: 'AB',
      content: { url: 'https://example.com/a' },
      destinations: [
        { target_url: 'https://example.com/a', weight: 70 },
        { target_url: 'https://example.com/b', weight: 30 },
        { target_url: 'https://example.com/de', country: 'DE' },
      ],
      timezone: 'UTC',
    } as unknown as QrCode;
    const form = stateOfCode(code);
    expect(form.default_weight).toBe('70');
    expect(form.rules.map((r) => r.weight)).toEqual(['30', '']);
    expect(patchBody(form).destinations).toEqual(code.destinations);
    expect(createBody({ ...form, default_weight: '2.5' }).destinations).toEqual([
      { target_url: 'https://example.com/a', weight: 2.5 },
      ...code.destinations.slice(1),
    ]);
    expect(createBody({ ...form, rules: [], default_weight: '' })).not.toHaveProperty('destinations');
  });

  it('with a preset, sends its id and only what differs from it (whole on PATCH)', () => {
    const preset = designBody(designForm());
    const following = { ...state({ content: { url: 'https://example.com' } }), design_preset_id: 'dsp_1', preset_design: preset };
    expect(createBody(following)).toMatchObject({ design_preset_id: 'dsp_1' });
    expect(createBody(following)).not.toHaveProperty('design');
    const changed = { ...following, design: { ...designForm(), modules: 'dots' as const } };
    expect(createBody(changed)).toMatchObject({ design_preset_id: 'dsp_1', design: { modules: 'dots' } });
    expect(Object.keys(createBody(changed).design as object)).toEqual(['modules']);
    expect(patchBody(following)).toMatchObject({ design_preset_id: 'dsp_1', design: {} });
  });
});
