import { type FieldChecker } from '@qr/domain';
import { CONTENT_LIMITS } from '../content-limits';

/** `text`: plain text in the pattern (static only). */
export interface TextContent {
  text: string;
}

/** Checks text content: `{text}`, 1..2000 characters, not blank. */
export function checkTextContent(check: FieldChecker, value: unknown, pointer: string): void {
  const content = check.object(value, pointer, ['text']);
  if (!content) return;
  check.text(content, 'text', pointer, { required: true, max: CONTENT_LIMITS.text });
}
