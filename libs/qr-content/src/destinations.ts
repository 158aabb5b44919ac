/*
 * Dynamic destinations: the first is the default, each later one carries a condition, and the first
 * matching entry wins on a scan. The request rules are the Destination declaration's (@qr/api-contract).
 */

/** Devices a destination can be conditioned on (the analytics device classes). */
export const DESTINATION_DEVICES = ['mobile', 'tablet', 'desktop', 'other'] as const;
export type DestinationDevice = (typeof DESTINATION_DEVICES)[number];

/** Operating systems a destination can be conditioned on. */
export const DESTINATION_OSES = ['ios', 'android', 'windows', 'macos', 'linux', 'other'] as const;
export type DestinationOs = (typeof DESTINATION_OSES)[number];

/** One redirect target of a dynamic code; the conditions are absent on the default (first) entry. */
export interface Destination {
  target_url: string;
  device?: DestinationDevice;
  os?: DestinationOs;
  country?: string;
  language?: string;
  /** A/B split among the entries with the same conditions, 0–1000; see `chooseDestination` (@qr/visitor). */
  weight?: number;
}
