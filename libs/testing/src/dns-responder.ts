import { createSocket, type RemoteInfo, type Socket } from 'node:dgram';

export interface DnsRecords {
  TXT?: string[][];
  /** Answered in turn, one per query (the last one repeats): lets a test rebind a name between lookups. */
  A?: string[][];
}

export interface DnsResponder {
  /** `127.0.0.1:<port>`, for DNS_RESOLVER or Resolver.setServers. */
  address: string;
  set(name: string, records: DnsRecords): void;
  queries(): string[];
  close(): Promise<void>;
}

const TYPE_A = 1;
const TYPE_TXT = 16;

/** A real UDP DNS server on loopback answering A and TXT from a table; NXDOMAIN for anything else. */
export async function startDnsResponder(): Promise<DnsResponder> {
  const table = new Map<string, DnsRecords & { aServed: number }>();
  const seen: string[] = [];
  const socket: Socket = createSocket('udp4');
  socket.on('message', (msg: Buffer, peer: RemoteInfo) => {
    const q = parseQuestion(msg);
    if (!q) return;
    seen.push(`${q.type === TYPE_TXT ? 'TXT' : q.type === TYPE_A ? 'A' : q.type} ${q.name}`);
    const entry = table.get(q.name.toLowerCase());
    const answers = entry ? answersFor(entry, q.type) : null;
    socket.send(buildResponse(msg, q.end, answers), peer.port, peer.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return {
    address: `127.0.0.1:${socket.address().port}`,
    set: (name, records) => table.set(name.toLowerCase(), { ...records, aServed: 0 }),
    queries: () => [...seen],
    close: () => new Promise((resolve) => socket.close(() => resolve())),
  };
}

function answersFor(entry: DnsRecords & { aServed: number }, type: number): Buffer[] {
  if (type === TYPE_TXT)
    return (entry.TXT ?? []).map((chunks) =>
      record(TYPE_TXT, Buffer.concat(chunks.map((c) => Buffer.concat([Buffer.from([Buffer.byteLength(c)]), Buffer.from(c)])))),
    );
  if (type === TYPE_A && entry.A?.length) {
    const ips = entry.A[Math.min(entry.aServed, entry.A.length - 1)];
    entry.aServed += 1;
    return ips.map((ip) => record(TYPE_A, Buffer.from(ip.split('.').map(Number))));
  }
  return [];
}

function record(type: number, rdata: Buffer): Buffer {
  const head = Buffer.alloc(12);
  head.writeUInt16BE(0xc00c, 0); // name: pointer to the question
  head.writeUInt16BE(type, 2);
  head.writeUInt16BE(1, 4); // class IN
  head.writeUInt32BE(5, 6); // TTL
  head.writeUInt16BE(rdata.length, 10);
  return Buffer.concat([head, rdata]);
}

function parseQuestion(msg: Buffer): { name: string; type: number; end: number } | null {
  if (msg.length < 12 || msg.readUInt16BE(4) !== 1) return null;
  const labels: string[] = [];
  let at = 12;
  while (at < msg.length && msg[at] !== 0) {
    labels.push(msg.subarray(at + 1, at + 1 + msg[at]).toString('ascii'));
    at += msg[at] + 1;
  }
  if (at + 5 > msg.length) return null;
  return { name: labels.join('.'), type: msg.readUInt16BE(at + 1), end: at + 5 };
}

function buildResponse(query: Buffer, questionEnd: number, answers: Buffer[] | null): Buffer {
  const header = Buffer.from(query.subarray(0, 12));
  header.writeUInt16BE(answers === null ? 0x8183 : 0x8180, 2); // response, RD+RA; NXDOMAIN when the name is unknown
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(answers?.length ?? 0, 6);
  header.writeUInt16BE(0, 8);
  header.writeUInt16BE(0, 10);
  return Buffer.concat([header, query.subarray(12, questionEnd), ...(answers ?? [])]);
}
