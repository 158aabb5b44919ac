import type { IncomingMessage } from 'node:http';
import { clientIp, preferredLanguage, resolveCountry, type UserAgentClassifier, type Visitor, visitorHash } from '@qr/visitor';
import { type ScanFacts } from '../scans/scan-link';

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

/** What a scan's event says of its visitor: no address, a hash salted with the day's `salt` instead. */
export function visitorFactsOf(request: ScanRequestFacts, salt: string): Omit<ScanFacts, 'destination' | 'link_type'> {
  const { visitor } = request;
  return {
    country: visitor.country,
    device: visitor.device,
    os: visitor.os,
    browser: visitor.browser,
    is_bot: visitor.isBot,
    visitor_hash: visitorHash(salt, request.ip, request.userAgent),
  };
}

/** Whether the client's connection is HTTPS: its own, or behind a trusted proxy the proxy's (X-Forwarded-Proto). */
export function isHttps(req: IncomingMessage, trustProxy: boolean): boolean {
  if ((req.socket as { encrypted?: boolean }).encrypted) return true;
  const proto = req.headers['x-forwarded-proto'];
  return (
    trustProxy &&
    String(Array.isArray(proto) ? proto[0] : proto)
      .split(',')[0]
      .trim() === 'https'
  );
}

/** The request's host name without port, lower-cased. */
export function hostOf(req: IncomingMessage): string {
  return (req.headers.host ?? '').replace(/:\d+$/, '').toLowerCase();
}
