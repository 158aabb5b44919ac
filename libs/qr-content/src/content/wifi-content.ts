/*
 * WiFi rules: `ssid` 1..32 UTF-8 bytes, one line, not blank. `password` depends on `encryption`:
 * WPA (WPA/WPA2/WPA3 personal) 8..63 characters; WEP exactly 5 or 13 printable ASCII characters
 * or 10 or 26 hex digits (the 40/104-bit key sizes); nopass: must be absent. The password is
 * required for WPA and WEP: a code without it cannot join the network.
 */

export const WIFI_ENCRYPTIONS = ['WPA', 'WEP', 'nopass'] as const;
export type WifiEncryption = (typeof WIFI_ENCRYPTIONS)[number];

/** `wifi`: credentials to join a network (static only). */
export interface WifiContent {
  ssid: string;
  password?: string;
  encryption: WifiEncryption;
  hidden?: boolean;
}

// The ZXing WIFI: format escapes these with a backslash; nothing else is special.
function escapeWifi(value: string): string {
  return value.replace(/[\\;,:"]/g, (char) => `\\${char}`);
}

/**
 * The static pattern text of a wifi code, in the ZXing `WIFI:` format every phone camera reads:
 * `WIFI:T:<WPA|WEP|nopass>;S:<ssid>;P:<password>;H:true;;` — no `P` for open networks, `H` only
 * for hidden ones, and `\ ; , : "` escaped with a backslash.
 *
 * @example wifiPayload({ ssid: 'Café;1', encryption: 'WPA', password: 'pa:ss"word' })
 * // 'WIFI:T:WPA;S:Café\;1;P:pa\:ss\"word;;'
 */
export function wifiPayload(content: WifiContent): string {
  const parts = [`T:${content.encryption}`, `S:${escapeWifi(content.ssid)}`];
  if (content.encryption !== 'nopass' && content.password !== undefined) parts.push(`P:${escapeWifi(content.password)}`);
  if (content.hidden === true) parts.push('H:true');
  return `WIFI:${parts.join(';')};;`;
}
