import * as api from './index';

describe('@qr/analytics-math public API', () => {
  it('exports exactly what the analytics service is written against', () => {
    expect(Object.keys(api).sort()).toEqual([
      'BUCKET_MS',
      'CodeAnalyticsQuery',
      'WorkspaceAnalyticsQuery',
      'aggregateDays',
      'aggregateDimension',
      'analyticsCsv',
      'bucketOf',
      'parseAnalyticsQuery',
      'splitForRollups',
      'utcDayOf',
    ]);
  });
});
