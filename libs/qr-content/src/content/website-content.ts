import { childPointer, type FieldChecker } from '@qr/domain';
import { validateHttpUrl } from '../validate-http-url';

/** `website`: one absolute http(s) URL, the code's target (static: in the pattern). */
export interface WebsiteContent {
  url: string;
}

/** Checks website content: `{url}` under the shared URL rules. */
export function checkWebsiteContent(check: FieldChecker, value: unknown, pointer: string): void {
  const content = check.object(value, pointer, ['url']);
  if (!content) return;
  check.errors.push(...validateHttpUrl(content['url'], childPointer(pointer, 'url')));
}
