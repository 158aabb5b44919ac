import { CONTENT_LIMITS as L, WIFI_ENCRYPTIONS, type WifiEncryption } from '@qr/qr-content';
import { Declaration } from '../engine/declare';
import { fault, type Fault } from '../engine/fault';
import { Bool, Choice, Field, stringFaults, Text } from '../engine/fields';

/*
 * WiFi rules: `password` depends on `encryption`: WPA (WPA/WPA2/WPA3 personal) 8..63 characters;
 * WEP exactly 5 or 13 printable ASCII characters or 10 or 26 hex digits (the 40/104-bit key sizes);
 * nopass: must be absent. The password is required for WPA and WEP: a code without it cannot join the network.
 */
const WEP_KEY = /^(?:[\x20-\x7E]{5}|[\x20-\x7E]{13}|[0-9A-Fa-f]{10}|[0-9A-Fa-f]{26})$/;

function passwordFaults(value: unknown, owner: Record<string, unknown>): readonly Fault[] {
  const encryption = owner.encryption as WifiEncryption;
  // A wrong encryption is its own field's error; the password cannot be judged without it.
  if (!(WIFI_ENCRYPTIONS as readonly unknown[]).includes(encryption)) return [];
  if (encryption === 'nopass') return value === undefined ? [] : [fault('invalid', 'An open network (nopass) takes no password; omit it.')];
  if (value === undefined) return [fault('required', 'This field is required.')];
  // WEP keys have exact sizes, so its length is the pattern's to judge, not min/max.
  const rule = encryption === 'WPA' ? { required: true, min: 8, max: 63, singleLine: true } : { required: true, max: 63, singleLine: true };
  const faults = stringFaults(value, rule);
  if (!faults.length && encryption === 'WEP' && !WEP_KEY.test(value as string)) {
    return [fault('invalid', 'A WEP key is 5 or 13 ASCII characters, or 10 or 26 hex digits.')];
  }
  return faults;
}

/** `wifi`: credentials to join a network (static only). */
@Declaration()
export class WifiContent {
  @Text(
    { required: true, max: L.ssidBytes, maxBytes: L.ssidBytes, singleLine: true },
    { maxLength: undefined, description: `1–${L.ssidBytes} UTF-8 bytes, one line` },
  )
  ssid!: string;

  @Choice(WIFI_ENCRYPTIONS, { required: true })
  encryption!: WifiEncryption;

  @Bool()
  hidden?: boolean;

  // Checked after `encryption`, which it depends on; the field itself may be absent (nopass).
  @Field(
    passwordFaults,
    { type: 'string', description: 'WPA: 8–63 characters; WEP: 5 or 13 ASCII characters or 10 or 26 hex digits; absent for nopass' },
    { seesAbsence: true },
  )
  password?: string;
}
