import { type Destination } from '../../api/types';
import { abSplit } from './ab-split';

const d = (target_url: string, more: Partial<Destination> = {}) => ({ target_url, ...more }) as Destination;

describe('abSplit', () => {
  it('sets each weighted variant’s share of weight against its share of scans, per group', () => {
    const groups = abSplit(
      [
        d('https://a', { weight: 70 }),
        d('https://b', { weight: 30 }),
        d('https://de1', { country: 'DE', weight: 1 }),
        d('https://de2', { country: 'DE', weight: 1 }),
      ],
      [
        { destination: 'https://a', scans: 72 },
        { destination: 'https://b', scans: 28 },
        { destination: 'https://de1', scans: 5 },
      ],
    );
    expect(groups).toEqual([
      {
        label: 'Default',
        rows: [
          { target_url: 'https://a', weight: 70, expected: 0.7, scans: 72, actual: 0.72 },
          { target_url: 'https://b', weight: 30, expected: 0.3, scans: 28, actual: 0.28 },
        ],
      },
      {
        label: 'country DE',
        rows: [
          { target_url: 'https://de1', weight: 1, expected: 0.5, scans: 5, actual: 1 },
          { target_url: 'https://de2', weight: 1, expected: 0.5, scans: 0, actual: 0 },
        ],
      },
    ]);
  });

  it('leaves out groups without weights, and has no scan share before the first scan', () => {
    expect(abSplit([d('https://a'), d('https://m', { device: 'mobile' })], [])).toEqual([]);
    expect(abSplit([d('https://a', { weight: 1 }), d('https://b', { weight: 1 })], [])[0].rows.map((r) => r.actual)).toEqual([null, null]);
  });
});
