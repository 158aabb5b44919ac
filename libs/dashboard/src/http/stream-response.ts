import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Response } from 'express';
import { type JsonLogger } from '@qr/platform';

/**
 * Streams a body that is produced as it goes (a PDF page by page, CSV rows page by page) once the
 * status and headers are out. pipeline() follows the socket: when the browser cancels the download
 * the generator is ended at once (nothing keeps running for a reader that left), and when the
 * generator fails the connection is cut, which is all that is left to say after a 200.
 */
export async function streamResponse(res: Response, body: AsyncIterable<Buffer | string>, logger: JsonLogger, what: string): Promise<void> {
  try {
    await pipeline(Readable.from(body), res);
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'ERR_STREAM_PREMATURE_CLOSE') return; // the reader left: not our failure
    logger.event('error', `${what} failed while streaming`, { error: err instanceof Error ? err.stack : String(err) });
  }
}
