import { Declaration } from '../engine/declare';
import { HttpUrl } from './content-fields';

/** `website`: one absolute http(s) URL, the code's target (static: in the pattern). */
@Declaration()
export class WebsiteContent {
  @HttpUrl({ required: true })
  url!: string;
}
