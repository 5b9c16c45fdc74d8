export type SniffedType = 'jpeg' | 'png' | 'webp' | 'avif';

const startsWith = (bytes: Buffer, signature: readonly number[], offset = 0) =>
  signature.every((byte, index) => bytes[offset + index] === byte);

const ascii = (bytes: Buffer, start: number, end: number) =>
  bytes.subarray(start, end).toString('latin1');

/** An ISO-BMFF file whose `ftyp` box names an AVIF brand, major or compatible. */
function isAvif(bytes: Buffer): boolean {
  if (ascii(bytes, 4, 8) !== 'ftyp') return false;
  const boxSize = Math.min(bytes.readUInt32BE(0), bytes.length, 256);
  for (let offset = 8; offset + 4 <= boxSize; offset += 4) {
    if (offset === 12) continue; // the minor version, not a brand
    const brand = ascii(bytes, offset, offset + 4);
    if (brand === 'avif' || brand === 'avis') return true;
  }
  return false;
}

/**
 * The image format the bytes themselves announce, by their signature; null for anything else,
 * whatever the file's name or declared type. Only these four are decoded at all.
 */
export function sniffImageType(bytes: Buffer): SniffedType | null {
  if (bytes.length < 16) return null;
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  return isAvif(bytes) ? 'avif' : null;
}
