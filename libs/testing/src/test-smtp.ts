import { type AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { waitUntil } from './wait-until';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  from: string;
}

export interface TestSmtp {
  /** For SMTP_URL: plain SMTP on loopback (no TLS, no auth), like a local relay. */
  url: string;
  received: ReceivedMail[];
  /** The first message to `to` that arrived after `since` messages (defaults to any). */
  waitFor(to: string, since?: number): Promise<ReceivedMail>;
  /** While set, every message is refused with 550 (a relay saying no). */
  refuse(on: boolean): void;
  close(): Promise<void>;
}

/** A real SMTP server (the smtp-server package) on a free loopback port, keeping what it receives. */
export async function startTestSmtp(): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  let refusing = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      if (refusing) {
        stream.resume();
        stream.on('end', () => callback(Object.assign(new Error('mailbox unavailable'), { responseCode: 550 })));
        return;
      }
      simpleParser(stream)
        .then((mail: ParsedMail) => {
          const to = [mail.to ?? []].flat().flatMap((a) => a.value.map((v) => v.address ?? ''));
          received.push({
            to,
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
            from: mail.from?.text ?? '',
          });
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    waitFor: async (to, since = 0) => (await waitUntil(() => received.slice(since).find((m) => m.to.includes(to)), `an email to ${to}`))!,
    refuse: (on) => (refusing = on),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The sign-in link in an email's text part. */
export function linkIn(mail: ReceivedMail): string {
  const match = /https?:\/\/\S+\/app\/welcome#token=[0-9A-Za-z_-]+/.exec(mail.text);
  if (!match) throw new Error(`no sign-in link in: ${mail.text}`);
  return match[0];
}
