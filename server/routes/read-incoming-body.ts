import type { IncomingMessage } from 'node:http';

/**
 * Reads at most `limit` bytes straight from node:http's request; null when more arrives (the
 * rest is left for node:http to discard). For a small, hot endpoint: the Web `Request` body
 * (readLimited) costs a stream, a reader and a Request object per call, which was a quarter of
 * a beacon's time (decision 0048).
 */
export function readIncomingBody(incoming: IncomingMessage, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      incoming.off('data', onData);
      incoming.off('end', onEnd);
      incoming.off('error', onError);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > limit) {
        stop();
        resolve(null);
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(chunks, size));
    };
    const onError = (error: Error) => {
      stop();
      reject(error);
    };
    incoming.on('data', onData);
    incoming.on('end', onEnd);
    incoming.on('error', onError);
  });
}
