import { formatUtc } from '@qr/domain';
import { type CustomDomainRecord } from './custom-domains.repository';
import { verificationRecordName, verificationRecordValue } from './hostname';

export function domainView(d: CustomDomainRecord) {
  const time = (ms: number | null) => (ms === null ? null : formatUtc(new Date(Number(ms))));
  return {
    id: d.id,
    object: 'domain' as const,
    hostname: d.hostname,
    status: d.status,
    verification: {
      type: 'TXT' as const,
      name: verificationRecordName(d.hostname),
      value: verificationRecordValue(d.verification_token),
      last_checked_at: time(d.last_checked_at),
      last_error: d.last_error,
    },
    verified_at: time(d.verified_at),
    created_at: time(d.created_at)!,
  };
}
