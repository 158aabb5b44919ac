import { CONTENT_LIMITS as L } from '@qr/qr-content';
import { Declaration } from '../engine/declare';
import { Text } from '../engine/fields';
import { Email } from './content-fields';

/** `email`: a prefilled email — recipient, optional subject (one line) and body. */
@Declaration()
export class EmailContent {
  @Email({ required: true })
  to!: string;

  @Text({ max: L.subject, singleLine: true })
  subject?: string;

  @Text({ max: L.text })
  body?: string;
}
