import { promisify } from 'node:util';
import {
  brotliCompress,
  brotliCompressSync,
  constants,
  gzip as gzipAsync,
  gzipSync,
  type BrotliOptions,
  type ZlibOptions,
} from 'node:zlib';

export type Compressed = { br: Buffer | null; gzip: Buffer | null };

const brotliOptions = (content: Buffer): BrotliOptions => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
    [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
  },
});
const GZIP_OPTIONS: ZlibOptions = { level: constants.Z_BEST_COMPRESSION };

/** A variant that is not smaller than the original is not worth serving. */
function keepSmaller(content: Buffer, br: Buffer, gzip: Buffer): Compressed {
  return {
    br: br.length < content.length ? br : null,
    gzip: gzip.length < content.length ? gzip : null,
  };
}

/** Best-effort compression, for the build and start-up. */
export function compressBest(content: Buffer): Compressed {
  return keepSmaller(
    content,
    brotliCompressSync(content, brotliOptions(content)),
    gzipSync(content, GZIP_OPTIONS),
  );
}

const brotliInPool = promisify(brotliCompress);
const gzipInPool = promisify(gzipAsync);

/**
 * The same bytes as compressBest, computed on libuv's thread pool: a publish on a serving
 * instance compresses the page without holding up the requests it is answering.
 */
export async function compressBestInBackground(content: Buffer): Promise<Compressed> {
  const [br, gzip] = await Promise.all([
    brotliInPool(content, brotliOptions(content)),
    gzipInPool(content, GZIP_OPTIONS),
  ]);
  return keepSmaller(content, br, gzip);
}
