import { wifiPayload } from './wifi-content';

describe('wifi content', () => {
  it('writes the WIFI: payload exactly', () => {
    expect(wifiPayload({ ssid: 'Cafe', encryption: 'WPA', password: 'secret123' })).toBe('WIFI:T:WPA;S:Cafe;P:secret123;;');
    expect(wifiPayload({ ssid: 'Cafe', encryption: 'nopass' })).toBe('WIFI:T:nopass;S:Cafe;;');
    expect(wifiPayload({ ssid: 'Cafe', encryption: 'WEP', password: 'abcde', hidden: true })).toBe('WIFI:T:WEP;S:Cafe;P:abcde;H:true;;');
    expect(wifiPayload({ ssid: 'Cafe', encryption: 'WPA', password: 'secret123', hidden: false })).toBe('WIFI:T:WPA;S:Cafe;P:secret123;;');
  });

  it('escapes \\ ; , : and " in SSID and password, and keeps umlauts', () => {
    expect(wifiPayload({ ssid: 'Café "Zur Brücke"; 1,2', encryption: 'WPA', password: 'a\\b;c,d:e"f' })).toBe(
      'WIFI:T:WPA;S:Café \\"Zur Brücke\\"\\; 1\\,2;P:a\\\\b\\;c\\,d\\:e\\"f;;',
    );
  });
});
