/** Device class of a scan: the analytics buckets and the `device` condition of a destination. */
export type Device = 'mobile' | 'tablet' | 'desktop' | 'other';

/** Operating-system family of a scan: the `os` condition of a destination. */
export type OsKey = 'ios' | 'android' | 'windows' | 'macos' | 'linux' | 'other';

/** What one User-Agent header says about the scanner. */
export interface UserAgentInfo {
  device: Device;
  /** Display name for analytics and webhooks ('iOS', 'Android', 'macOS', 'Ubuntu', …); null when unknown. */
  os: string | null;
  osKey: OsKey;
  /** Browser name as ua-parser-js reports it ('Mobile Safari', 'Chrome', 'Samsung Internet', …). */
  browser: string | null;
  isBot: boolean;
}
