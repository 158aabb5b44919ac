import { CONTENT_LIMITS as L } from '@qr/qr-content';
import { Declaration } from '../engine/declare';
import { Text } from '../engine/fields';
import { E164 } from './content-fields';

/** `sms`: a number to text, E.164, with an optional prefilled message. */
@Declaration()
export class SmsContent {
  @E164({ description: 'E.164' })
  number!: string;

  @Text({ max: L.smsMessage })
  message?: string;
}
