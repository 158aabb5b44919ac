import { validateContent } from './qr-content';

const found = (content: unknown): string[] => validateContent('form', 'dynamic', content).map((e) => `${e.pointer} ${e.code}`);
const field = (name: unknown, extra: Record<string, unknown> = {}): Record<string, unknown> => ({ name, label: 'L', type: 'text', ...extra });
const form = (fields: unknown[], extra: Record<string, unknown> = {}): Record<string, unknown> => ({ title: 'F', fields, ...extra });

describe('form content', () => {
  it.each(['a', 'email', 'first_name', 'x1_2', 'a'.repeat(40)])('accepts the field name %s', (name) => {
    expect(found(form([field(name)]))).toEqual([]);
  });

  it.each(['', 'Email', '1st', '_a', 'first-name', 'first name', 'a'.repeat(41), 'ä'])('rejects the field name %j', (name) => {
    expect(found(form([field(name)]))[0]).toMatch(/^\/content\/fields\/0\/name (invalid|required)$/);
  });

  it('rejects duplicate names at the later field', () => {
    expect(found(form([field('email'), field('name'), field('email')]))).toEqual(['/content/fields/2/name duplicate']);
  });

  it('checks type, label and required', () => {
    expect(
      found(form([field('a', { type: 'number' }), field('b', { type: 'Email' }), field('c', { label: '' }), field('d', { required: 'yes' }), { name: 'e' }])),
    ).toEqual([
      '/content/fields/0/type invalid',
      '/content/fields/1/type invalid',
      '/content/fields/2/label required',
      '/content/fields/3/required invalid_type',
      '/content/fields/4/label required',
      '/content/fields/4/type required',
    ]);
  });

  it('requires 1..20 fields', () => {
    const fields = Array.from({ length: 21 }, (_, i) => field(`f${i}`));
    expect(found(form(fields.slice(0, 20)))).toEqual([]);
    expect(found(form(fields))).toEqual(['/content/fields too_long']);
    expect(found(form([]))).toEqual(['/content/fields too_short']);
  });

  it('limits submit_label and success_message', () => {
    expect(found(form([field('a')], { submit_label: 's'.repeat(51), success_message: 'm'.repeat(1001) }))).toEqual([
      '/content/submit_label too_long',
      '/content/success_message too_long',
    ]);
  });
});
