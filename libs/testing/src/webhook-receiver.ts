import { createServer, type IncomingHttpHeaders } from 'node:http';

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
}

export interface WebhookReceiver {
  /** Where to register the endpoint (`…/hooks` on 127.0.0.1). */
  url: string;
  /** Every request received, in order of arrival. */
  received: ReceivedWebhook[];
  close(): Promise<void>;
}

/** A local HTTP endpoint that records every delivery and answers 204. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}/hooks`,
    received,
    close: () => new Promise((r) => server.close(() => r())),
  };
}
