const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** Lower-cased, trailing dot removed; null when it is not a plain DNS hostname (IPs and single labels refused). */
export function normalizeHostname(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const host = value.trim().toLowerCase().replace(/\.$/, '');
  if (host.length > 253 || host !== value.toLowerCase().replace(/\.$/, '')) return null;
  const labels = host.split('.');
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l))) return null;
  if (!/^[a-z]{2,63}$/.test(labels[labels.length - 1]) && !/^xn--[a-z0-9-]+$/.test(labels[labels.length - 1])) return null;
  return host;
}

export function verificationRecordName(hostname: string): string {
  return `_qr-verify.${hostname}`;
}

export function verificationRecordValue(token: string): string {
  return `qr-verify=${token}`;
}
