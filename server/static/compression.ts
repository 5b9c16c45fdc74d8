import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type Compressed = { br: Buffer | null; gzip: Buffer | null };

/** Best-effort compression; a variant that is not smaller than the original is not worth serving. */
export function compressBest(content: Buffer): Compressed {
  const br = brotliCompressSync(content, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
    },
  });
  const gzip = gzipSync(content, { level: constants.Z_BEST_COMPRESSION });
  return {
    br: br.length < content.length ? br : null,
    gzip: gzip.length < content.length ? gzip : null,
  };
}
