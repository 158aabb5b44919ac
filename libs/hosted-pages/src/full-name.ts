import type { VcardContent } from '@qr/qr-content';

/** A contact's first and last name as one line, as in the vCard's `FN`. */
export function fullName(content: VcardContent): string {
  return [content.first_name, content.last_name].filter((part) => part).join(' ');
}
