import { Duplex } from 'node:stream';
import { answerClientError, clientErrorProblem } from './client-error';

/** A connection that records what is written to it. */
function connection(bytesWritten = 0) {
  const written: string[] = [];
  const socket = new Duplex({
    read() {},
    write(chunk: Buffer, _encoding, done) {
      written.push(chunk.toString('utf8'));
      done();
    },
  }) as Duplex & { bytesWritten: number };
  socket.bytesWritten = bytesWritten;
  return { socket, written };
}

describe('answering requests Node could not parse', () => {
  it('gives the status Node would, with a code from the error table', () => {
    expect(
      [undefined, 'HPE_INVALID_METHOD', 'HPE_HEADER_OVERFLOW', 'HPE_CHUNK_EXTENSIONS_OVERFLOW', 'ERR_HTTP_REQUEST_TIMEOUT'].map((c) => {
        const p = clientErrorProblem(c);
        return [p.status, p.code];
      }),
    ).toEqual([
      [400, 'bad_request'],
      [400, 'bad_request'],
      [431, 'headers_too_large'],
      [413, 'payload_too_large'],
      [408, 'request_timeout'],
    ]);
  });

  it('writes a framed problem+json and closes the connection', async () => {
    const { socket, written } = connection();
    answerClientError(Object.assign(new Error('Parse Error'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' }), socket);
    await new Promise((r) => socket.once('finish', r));
    const [head, body] = written.join('').split('\r\n\r\n');
    expect(head.split('\r\n')[0]).toBe('HTTP/1.1 408 Request Timeout');
    expect(head).toContain(`Content-Length: ${Buffer.byteLength(body)}`);
    expect(JSON.parse(body)).toMatchObject({ status: 408, code: 'request_timeout' });
  });

  it('only closes a connection that has had bytes of an answer already, or was reset', () => {
    for (const [bytes, code] of [
      [10, 'HPE_INVALID_METHOD'],
      [0, 'ECONNRESET'],
    ] as const) {
      const { socket, written } = connection(bytes);
      answerClientError(Object.assign(new Error('x'), { code }), socket);
      expect(socket.destroyed).toBe(true);
      expect(written).toEqual([]);
    }
  });
});
