import { type FieldError } from '@qr/domain';
import { fieldErrors } from '../engine/validate';
import { QrCodeInput } from './qr-code-input';

/** Every problem in a `destinations` array, with pointers under `pointer`, as a create request's field. */
function validateDestinations(value: unknown, pointer = '/destinations'): FieldError[] {
  if (value === undefined) return [{ pointer, code: 'required', detail: 'At least one destination is required.' }];
  if (value === null) return [{ pointer, code: 'invalid_type', detail: 'Must be an array.' }];
  return fieldErrors(QrCodeInput, 'destinations', value, pointer);
}

const found = (value: unknown, pointer?: string): string[] => validateDestinations(value, pointer).map((e) => `${e.pointer} ${e.code}`);
const url = (n: number): string => `https://example.com/${n}`;

describe('validateDestinations', () => {
  it('accepts a single default', () => {
    expect(found([{ target_url: url(0) }])).toEqual([]);
  });

  it('accepts conditioned entries after the default', () => {
    expect(
      found([
        { target_url: url(0) },
        { target_url: url(1), device: 'mobile', os: 'ios' },
        { target_url: url(2), country: 'DE' },
        { target_url: url(3), language: 'de' },
        { target_url: url(4), language: 'gsw', device: 'other', os: 'other' },
      ]),
    ).toEqual([]);
  });

  it('accepts 10 and rejects 11 or 0 entries', () => {
    const entries = Array.from({ length: 11 }, (_, i) => (i === 0 ? { target_url: url(i) } : { target_url: url(i), country: 'DE' }));
    expect(found(entries.slice(0, 10))).toEqual([]);
    expect(found(entries)).toEqual(['/destinations too_long']);
    expect(found([])).toEqual(['/destinations too_short']);
  });

  it('rejects a missing or non-array value', () => {
    expect(found(undefined)).toEqual(['/destinations required']);
    expect(found({ target_url: url(0) })).toEqual(['/destinations invalid_type']);
    expect(found(null)).toEqual(['/destinations invalid_type']);
    expect(found(['https://a.b'])).toEqual(['/destinations/0 invalid_type']);
  });

  it('rejects a condition on the default entry, at the condition', () => {
    expect(found([{ target_url: url(0), country: 'DE', device: 'mobile' }])).toEqual(['/destinations/0/device invalid', '/destinations/0/country invalid']);
  });

  it('rejects a later entry without a condition, at the entry', () => {
    expect(found([{ target_url: url(0) }, { target_url: url(1) }])).toEqual(['/destinations/1 invalid']);
  });

  describe('weights (A/B split)', () => {
    it('accepts weighted variants of the default and of a conditioned group', () => {
      expect(
        found([
          { target_url: url(0), weight: 70 },
          { target_url: url(1), weight: 30 },
          { target_url: url(2), country: 'DE', weight: 1 },
          { target_url: url(3), country: 'DE', weight: 0 },
          { target_url: url(4), os: 'ios' },
        ]),
      ).toEqual([]);
    });

    it('accepts the bounds 0 and 1000 and refuses what is outside, not whole or not a number', () => {
      expect(
        found([
          { target_url: url(0), weight: 1000 },
          { target_url: url(1), weight: 0 },
        ]),
      ).toEqual([]);
      expect(
        found([
          { target_url: url(0), weight: 1001 },
          { target_url: url(1), weight: -1 },
          { target_url: url(2), weight: 2.5 },
          { target_url: url(3), weight: '5' },
        ]),
      ).toEqual([
        '/destinations/0/weight out_of_range',
        '/destinations/1/weight out_of_range',
        '/destinations/2/weight invalid',
        '/destinations/3/weight invalid_type',
      ]);
    });

    it('requires a weight on every entry of a weighted group, at the entry without one', () => {
      expect(found([{ target_url: url(0) }, { target_url: url(1), weight: 50 }])).toEqual(['/destinations/0/weight required']);
      expect(found([{ target_url: url(0) }, { target_url: url(1), country: 'DE', weight: 5 }, { target_url: url(2), country: 'DE' }])).toEqual([
        '/destinations/2/weight required',
      ]);
    });

    it('refuses a weighted group whose weights are all 0', () => {
      expect(
        found([
          { target_url: url(0), weight: 0 },
          { target_url: url(1), weight: 0 },
        ]),
      ).toEqual(['/destinations/0/weight invalid']);
    });
  });

  it('checks each condition value', () => {
    expect(
      found([
        { target_url: url(0) },
        { target_url: url(1), device: 'phone' },
        { target_url: url(2), os: 'iOS' },
        { target_url: url(3), country: 'de' },
        { target_url: url(4), country: 'DEU' },
        { target_url: url(5), language: 'DE' },
        { target_url: url(6), language: 'de-AT' },
        { target_url: url(7), country: 49 },
      ]),
    ).toEqual([
      '/destinations/1/device invalid',
      '/destinations/2/os invalid',
      '/destinations/3/country invalid',
      '/destinations/4/country invalid',
      '/destinations/5/language invalid',
      '/destinations/6/language invalid',
      '/destinations/7/country invalid_type',
    ]);
  });

  it('checks target_url with the URL rules and requires it', () => {
    expect(found([{ target_url: 'javascript:alert(1)' }, { country: 'DE' }, { target_url: 'https://u:p@a.b', os: 'linux' }])).toEqual([
      '/destinations/0/target_url unsupported_scheme',
      '/destinations/1/target_url required',
      '/destinations/2/target_url credentials_not_allowed',
    ]);
  });

  it('reports unknown fields, escaped per RFC 6901, under a custom pointer', () => {
    expect(found([{ target_url: url(0), colour: 1, 'a/b~c': true }], '/items/3/destinations')).toEqual([
      '/items/3/destinations/0/colour unknown_field',
      '/items/3/destinations/0/a~1b~0c unknown_field',
    ]);
  });
});
