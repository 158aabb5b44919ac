import type { IncomingMessage } from 'node:http';
import { clientIp, preferredLanguage, resolveCountry, type UserAgentClassifier, type Visitor } from '@qr/visitor';

export interface ScanRequestFacts {
  visitor: Visitor;
  ip: string | null;
  userAgent: string | undefined;
}

/** The request becomes plain facts at the edge; the rules below look only at these. */
export function readScanRequest(
  req: IncomingMessage,
  classifier: UserAgentClassifier,
  o: { trustProxy: boolean; geoHeader: string | undefined },
): ScanRequestFacts {
  const header = (name: string) => {
    const v = req.headers[name];
    return Array.isArray(v) ? v[0] : v;
  };
  const userAgent = header('user-agent');
  const ip = clientIp(req.socket.remoteAddress, header('x-forwarded-for'), o.trustProxy);
  const ua = classifier.classify(userAgent);
  return {
    ip,
    userAgent,
    visitor: {
      ...ua,
      country: resolveCountry({ ip, geoHeaderValue: o.geoHeader ? header(o.geoHeader) : undefined, trustProxy: o.trustProxy }),
      language: preferredLanguage(header('accept-language')),
    },
  };
}

/** The request's host name without port, lower-cased. */
export function hostOf(req: IncomingMessage): string {
  return (req.headers.host ?? '').replace(/:\d+$/, '').toLowerCase();
}
