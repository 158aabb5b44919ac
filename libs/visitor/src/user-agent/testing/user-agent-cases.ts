import type { Device, OsKey } from '../user-agent-info';

/** One real User-Agent and what the classifier should make of it. */
export interface UserAgentCase {
  name: string;
  ua: string;
  device: Device;
  osKey: OsKey;
  isBot: boolean;
}

const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko)';
const CHROME_WIN = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

const c = (name: string, ua: string, device: Device, osKey: OsKey, isBot = false): UserAgentCase => ({ name, ua, device, osKey, isBot });

/** User-Agents as real clients send them (2024 releases), grouped by what they should be. */
export const USER_AGENT_CASES: readonly UserAgentCase[] = [
  // Phones
  c('iPhone Safari', `${SAFARI_IPHONE} Version/17.4 Mobile/15E148 Safari/604.1`, 'mobile', 'ios'),
  c('iPhone Chrome', `${SAFARI_IPHONE} CriOS/123.0.6312.52 Mobile/15E148 Safari/604.1`, 'mobile', 'ios'),
  c(
    'iPhone Instagram in-app',
    `${SAFARI_IPHONE} Mobile/15E148 Instagram 330.0.3.25.91 (iPhone15,3; iOS 17_4; en_US; en; scale=3.00; 1290x2796; 594296240)`,
    'mobile',
    'ios',
  ),
  c(
    'iPhone Facebook in-app',
    `${SAFARI_IPHONE} Mobile/15E148 [FBAN/FBIOS;FBAV/450.0.0.38.108;FBDV/iPhone14,5;FBMD/iPhone;FBSN/iOS;FBSV/17.4]`,
    'mobile',
    'ios',
  ),
  c(
    'Android phone Chrome (reduced UA)',
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
    'mobile',
    'android',
  ),
  c(
    'Pixel Chrome',
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.6367.82 Mobile Safari/537.36',
    'mobile',
    'android',
  ),
  c(
    'Samsung Internet',
    'Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0.0.0 Mobile Safari/537.36',
    'mobile',
    'android',
  ),
  c(
    'Android WebView',
    'Mozilla/5.0 (Linux; Android 13; SM-A536B Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/123.0.6312.118 Mobile Safari/537.36',
    'mobile',
    'android',
  ),
  // Tablets
  c(
    'iPad Safari',
    'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
    'tablet',
    'ios',
  ),
  c(
    'Android tablet Chrome (reduced UA)',
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
    'tablet',
    'android',
  ),
  c('Galaxy Tab S8', 'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36', 'tablet', 'android'),
  c(
    'Kindle Fire Silk',
    'Mozilla/5.0 (Linux; Android 9; KFMAWI) AppleWebKit/537.36 (KHTML, like Gecko) Silk/124.2.1 like Chrome/124.0.6367.118 Safari/537.36',
    'tablet',
    'android',
  ),
  // Desktops
  c('Windows Chrome', CHROME_WIN, 'desktop', 'windows'),
  c('Windows Edge', `${CHROME_WIN} Edg/124.0.0.0`, 'desktop', 'windows'),
  c('Windows Firefox', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0', 'desktop', 'windows'),
  c(
    'macOS Safari',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
    'desktop',
    'macos',
  ),
  c(
    'macOS Chrome',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
    'desktop',
    'macos',
  ),
  c('Linux Firefox', 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0', 'desktop', 'linux'),
  c('Ubuntu Firefox', 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0', 'desktop', 'linux'),
  c('ChromeOS', 'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36', 'desktop', 'linux'),
  // TVs, consoles, wearables
  c('Samsung Smart TV', 'Mozilla/5.0 (SMART-TV; LINUX; Tizen 6.0) AppleWebKit/537.36 (KHTML, like Gecko) 76.0.3809.146/6.0 TV Safari/537.36', 'other', 'other'),
  c(
    'LG webOS TV',
    'Mozilla/5.0 (Web0S; Linux/SmartTV) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/79.0.3945.79 Safari/537.36 WebAppManager',
    'other',
    'other',
  ),
  c('PlayStation 5', 'Mozilla/5.0 (PlayStation; PlayStation 5/2.26) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.0 Safari/605.1.15', 'other', 'other'),
  c(
    'Xbox',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64; Xbox; Xbox One) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edge/44.18363.8131',
    'other',
    'other',
  ),
  c('Apple Watch', 'Mozilla/5.0 (Watch; CPU Watch OS 10_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/21T216', 'other', 'other'),
  c(
    'Galaxy Watch',
    'Mozilla/5.0 (Linux; Android 11; SM-R890) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/113.0.0.0 Mobile Safari/537.36',
    'other',
    'android',
  ),
  // Crawlers and link-preview fetchers: never a device class, whatever they claim
  c('Googlebot', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 'other', 'other', true),
  c(
    'Googlebot smartphone',
    'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.6367.118 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    'other',
    'android',
    true,
  ),
  c('bingbot', 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)', 'other', 'other', true),
  c('facebookexternalhit', 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)', 'other', 'other', true),
  c(
    'iMessage link preview',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_11_1) AppleWebKit/601.2.4 (KHTML, like Gecko) Version/9.0.1 Safari/601.2.4 facebookexternalhit/1.1 Facebot Twitterbot/1.0',
    'other',
    'macos',
    true,
  ),
  c('WhatsApp (Android)', 'WhatsApp/2.23.20.0 A', 'other', 'other', true),
  c('WhatsApp (iOS)', 'WhatsApp/2.2329.9 i', 'other', 'other', true),
  c('Slackbot', 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)', 'other', 'other', true),
  c('Twitterbot', 'Twitterbot/1.0', 'other', 'other', true),
  c('TelegramBot', 'TelegramBot (like TwitterBot)', 'other', 'other', true),
  c('Discordbot', 'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)', 'other', 'other', true),
  c('LinkedInBot', 'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)', 'other', 'other', true),
  c('curl', 'curl/8.4.0', 'other', 'other', true),
  c('Wget', 'Wget/1.21.4', 'other', 'other', true),
  c('python-requests', 'python-requests/2.31.0', 'other', 'other', true),
  c('Go-http-client', 'Go-http-client/1.1', 'other', 'other', true),
  // Nothing to go on: not assumed to be a bot
  c('empty', '', 'other', 'other'),
  c('blank', '   ', 'other', 'other'),
];
