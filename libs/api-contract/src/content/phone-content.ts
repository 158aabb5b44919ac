import { Declaration } from '../engine/declare';
import { E164 } from './content-fields';

/** `phone`: a number to call, E.164 (`+4930123456`). */
@Declaration()
export class PhoneContent {
  @E164({ description: 'E.164, e.g. +4930123456' })
  number!: string;
}
