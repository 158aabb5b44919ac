#!/usr/bin/env node
// A webhook receiver to try the platform's webhooks on one machine, with nothing but Node:
//
//   WEBHOOK_SECRET=whsec_… node scripts/webhook-receiver.js [--listen 127.0.0.1:4000] [--once]
//
// It verifies each delivery's Standard Webhooks signature with the SDK's verifyWebhook (the official
// standardwebhooks library underneath), prints the event and answers 204; a delivery that does not
// verify is answered 400 and printed as rejected. --once exits after the first verified event.
// Register http://<listen>/ (any path) as the endpoint's URL; the server must allow loopback
// addresses (WEBHOOK_ALLOWED_CIDRS=127.0.0.0/8), since it refuses them by default.
require('./ensure-built');
const { createServer } = require('node:http');
const { verifyWebhook } = require('../libs/sdk');

const args = process.argv.slice(2);
const listen = args.includes('--listen') ? args[args.indexOf('--listen') + 1] : '127.0.0.1:4000';
const once = args.includes('--once');
const secret = process.env.WEBHOOK_SECRET;
if (!secret || !/^[^:]+:\d+$/.test(listen ?? '')) {
  process.stderr.write('usage: WEBHOOK_SECRET=whsec_… node scripts/webhook-receiver.js [--listen host:port] [--once]\n');
  process.exit(64);
}
const [host, port] = listen.split(':');

const server = createServer((req, res) => {
  if (req.method !== 'POST') return res.writeHead(405, { allow: 'POST' }).end();
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    let event;
    try {
      // The raw bytes: re-serialised JSON would not match the signature.
      event = verifyWebhook(Buffer.concat(chunks), req.headers, secret);
    } catch (err) {
      process.stdout.write(`rejected a delivery: ${err.message}\n`);
      return res.writeHead(400).end();
    }
    process.stdout.write(`verified ${event.type} ${event.id} ${JSON.stringify(event.data)}\n`);
    // With --once, exit as soon as the answer is out (the sender may keep its connection open).
    res.writeHead(204).end(() => once && process.exit(0));
  });
});
server.listen(Number(port), host, () => process.stdout.write(`webhook receiver listening on http://${listen}/\n`));
