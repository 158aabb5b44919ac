import { analyticsCsv } from './analytics-csv';

const answer = {
  qr_id: 'qr_abc123',
  from: '2026-06-01',
  to: '2026-06-02',
  timezone: 'Asia/Kathmandu',
  total_scans: 7,
  unique_scanners: 4,
  by_day: [
    { date: '2026-06-01', scans: 5, unique_scanners: 3 },
    { date: '2026-06-02', scans: 2, unique_scanners: 1 },
  ],
  by_device: [
    { device: 'mobile', scans: 6 },
    { device: 'tablet', scans: 0 },
    { device: 'desktop', scans: 1 },
    { device: 'other', scans: 0 },
  ],
  by_country: [
    { country: 'NP', scans: 6 },
    { country: 'unknown', scans: 1 },
  ],
  by_os: [{ os: 'android', scans: 7 }],
  by_browser: [] as Array<{ browser: string; scans: number }>,
  by_destination: [{ destination: 'https://example.com/a,b', scans: 7 }],
  by_link_type: [{ link_type: 'gs1:pip', scans: 7 }],
};

describe('analyticsCsv', () => {
  it('writes a BOM, then the summary, by_day and each breakdown, separated by blank lines, with CRLF', () => {
    expect(analyticsCsv(answer)).toBe(
      '\uFEFF' +
        [
          'qr_id,from,to,timezone,total_scans,unique_scanners',
          'qr_abc123,2026-06-01,2026-06-02,Asia/Kathmandu,7,4',
          '',
          'date,scans,unique_scanners',
          '2026-06-01,5,3',
          '2026-06-02,2,1',
          '',
          'device,scans',
          'mobile,6',
          'tablet,0',
          'desktop,1',
          'other,0',
          '',
          'country,scans',
          'NP,6',
          'unknown,1',
          '',
          'os,scans',
          'android,7',
          '',
          'browser,scans',
          '',
          'destination,scans',
          '"https://example.com/a,b",7',
          '',
          'link_type,scans',
          'gs1:pip,7',
          '',
        ].join('\r\n'),
    );
  });

  it('ends every line with CRLF and keeps a line break inside a cell quoted', () => {
    expect(
      analyticsCsv(answer)
        .split('\r\n')
        .some((line) => /[\r\n]/.test(line)),
    ).toBe(false);
    expect(analyticsCsv({ ...answer, by_browser: [{ browser: 'multi\nline', scans: 1 }] })).toContain('\r\nbrowser,scans\r\n"multi\nline",1\r\n');
  });

  it('neutralises formulas in every text cell, the summary included', () => {
    const csv = analyticsCsv({
      ...answer,
      qr_id: '=1+1',
      by_os: [{ os: '=HYPERLINK("http://evil.example","click")', scans: 3 }],
      by_browser: [
        { browser: '+1', scans: 2 },
        { browser: '-2', scans: 1 },
        { browser: '@x', scans: 1 },
      ],
    });
    expect(csv).toContain("\r\n'=1+1,2026-06-01,");
    expect(csv).toContain('\r\n"\'=HYPERLINK(""http://evil.example"",""click"")",3\r\n');
    expect(csv).toContain("\r\n'+1,2\r\n'-2,1\r\n'@x,1\r\n");
  });
});
