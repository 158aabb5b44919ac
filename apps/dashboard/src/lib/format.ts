const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const number = new Intl.NumberFormat();

/** A timestamp of the API (UTC) in the reader's own time zone and language. */
export function formatDateTime(iso: string | null | undefined): string {
  return iso ? dateTime.format(new Date(iso)) : '—';
}

export function formatDate(iso: string | null | undefined): string {
  return iso ? dateOnly.format(new Date(iso)) : '—';
}

export function formatNumber(n: number): string {
  return number.format(n);
}

/** "3 minutes ago" style, for "last used" columns. */
export function formatAgo(iso: string | null, now = Date.now()): string {
  if (!iso) return 'never';
  const seconds = Math.round((now - new Date(iso).getTime()) / 1000);
  const rtf = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
  if (Math.abs(seconds) < 60) return rtf.format(-seconds, 'second');
  if (Math.abs(seconds) < 3600) return rtf.format(-Math.round(seconds / 60), 'minute');
  if (Math.abs(seconds) < 86_400) return rtf.format(-Math.round(seconds / 3600), 'hour');
  return rtf.format(-Math.round(seconds / 86_400), 'day');
}

export const TYPE_LABELS: Record<string, string> = {
  website: 'Website',
  menu: 'Menu',
  form: 'Form',
  vcard: 'Contact card',
  text: 'Text',
  wifi: 'Wi-Fi',
  email: 'Email',
  phone: 'Phone',
  sms: 'SMS',
  location: 'Location',
  gs1: 'GS1 product (Digital Link)',
};

export const STATE_LABELS: Record<string, string> = {
  active: 'Active',
  paused: 'Paused',
  scheduled: 'Scheduled',
  expired: 'Expired',
  outside_hours: 'Outside hours',
  limit_reached: 'Limit reached',
};
