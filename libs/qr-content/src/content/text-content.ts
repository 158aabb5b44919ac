/** `text`: plain text in the pattern (static only). */
export interface TextContent {
  text: string;
}
