/** `website`: one absolute http(s) URL, the code's target (static: in the pattern). */
export interface WebsiteContent {
  url: string;
}
