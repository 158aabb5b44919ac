import { CONTENT_LIMITS as L } from '@qr/qr-content';
import { Declaration } from '../engine/declare';
import { Text } from '../engine/fields';

/** `text`: plain text in the pattern (static only), 1..2000 characters, not blank. */
@Declaration()
export class TextContent {
  @Text({ required: true, max: L.text })
  text!: string;
}
