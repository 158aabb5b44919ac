import { CONTENT_LIMITS as L } from '@qr/qr-content';
import { Declaration } from '../engine/declare';
import { Num, Text } from '../engine/fields';

/** `location`: WGS 84 coordinates in decimal degrees, with an optional search text / label. */
@Declaration()
export class LocationContent {
  @Num({ required: true, min: -90, max: 90 })
  latitude!: number;

  @Num({ required: true, min: -180, max: 180 })
  longitude!: number;

  @Text({ max: L.subject, singleLine: true }, { description: 'A search text or label' })
  query?: string;
}
