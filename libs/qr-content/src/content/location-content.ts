/** `location`: WGS 84 coordinates in decimal degrees, with an optional search text / label. */
export interface LocationContent {
  latitude: number;
  longitude: number;
  query?: string;
}

/**
 * A coordinate in plain decimal notation with at most 7 decimals (about 1 cm): `String()` would
 * write 1e-7 in exponent form, which no geo: reader accepts.
 */
export function formatCoordinate(value: number): string {
  const fixed = value.toFixed(7).replace(/\.?0+$/, '');
  return fixed === '-0' ? '0' : fixed;
}

/**
 * The `geo:` URI of a location code (RFC 5870), with `?q=<query>` as Android maps read it (a space
 * as `%20`: not every `geo:` reader decodes `+`).
 *
 * @example geoUri({ latitude: 52.52, longitude: 13.405, query: 'Brandenburger Tor' })
 * // 'geo:52.52,13.405?q=Brandenburger%20Tor'
 */
export function geoUri(content: LocationContent): string {
  const query = content.query ? `?q=${encodeURIComponent(content.query)}` : '';
  return `geo:${formatCoordinate(content.latitude)},${formatCoordinate(content.longitude)}${query}`;
}
