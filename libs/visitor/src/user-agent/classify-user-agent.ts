import { isbot } from 'isbot';
import UAParser from 'ua-parser-js';
import { osDisplayName, osKeyOf } from './os-key-of';
import type { Device, OsKey, UserAgentInfo } from './user-agent-info';

/*
 * isbot 5 already recognises every link-preview fetcher and HTTP library we care about
 * (facebookexternalhit, Slackbot-LinkExpanding, Twitterbot, WhatsApp, TelegramBot, Discordbot,
 * LinkedInBot, Googlebot, bingbot, curl, Wget, python-requests, Go-http-client): the spec keeps
 * them in a table so an isbot upgrade that drops one fails a test instead of inflating counts.
 */

/** A missing header is a person we know nothing about, not a bot: curl and friends send one. */
export const UNKNOWN_USER_AGENT: Readonly<UserAgentInfo> = Object.freeze({
  device: 'other',
  os: null,
  osKey: 'other',
  browser: null,
  isBot: false,
});

// ua-parser-js 1.x reads Apple Watch's WebKit ("(Watch; CPU Watch OS 10_4 like Mac OS X)") as a
// mobile Mac; its own watchOS rule only knows the "watchOS/…" app form.
const APPLE_WATCH = /\((?:apple ?)?watch;|\bwatch ?os\b/i;

const DESKTOP_OS: ReadonlySet<OsKey> = new Set(['windows', 'macos', 'linux']);

/**
 * Classifies one User-Agent header without caching (see `UserAgentClassifier` for the cached one).
 *
 * @example
 * classifyUserAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) … Mobile/15E148 Safari/604.1')
 * // { device: 'mobile', os: 'iOS', osKey: 'ios', browser: 'Mobile Safari', isBot: false }
 */
export function classifyUserAgent(userAgent: string | undefined): UserAgentInfo {
  const ua = userAgent?.trim() ?? '';
  if (ua === '') return UNKNOWN_USER_AGENT;
  const parsed = new UAParser(ua).getResult();
  const watch = APPLE_WATCH.test(ua);
  const os = watch ? 'watchOS' : osDisplayName(parsed.os.name);
  const osKey = osKeyOf(os);
  const isBot = isbot(ua);
  // A bot is no device class, even when it pretends to be a phone (Googlebot smartphone).
  const device = isBot || watch ? 'other' : deviceOf(parsed.device.type, osKey);
  return { device, os, osKey, browser: parsed.browser.name ?? null, isBot };
}

function deviceOf(type: string | undefined, osKey: OsKey): Device {
  // Only ua-parser's mobile and tablet are a class of their own; console, smarttv, wearable, embedded
  // and xr are all 'other'. No type at all is how ua-parser reports a desktop browser.
  if (type !== undefined) return type === 'mobile' || type === 'tablet' ? type : 'other';
  return DESKTOP_OS.has(osKey) ? 'desktop' : 'other';
}
