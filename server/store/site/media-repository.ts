import type { StoreContext } from '../db/store-context';

export const MEDIA_FORMATS = ['avif', 'webp', 'jpg'] as const;
export type MediaFormat = (typeof MEDIA_FORMATS)[number];

export type MediaFile = { width: number; format: MediaFormat; bytes: Buffer };

/** An uploaded image: its SHA-256 (hex) and upright size, and the files made from it. */
export type MediaImage = {
  hash: string;
  width: number;
  height: number;
  files: { width: number; format: MediaFormat }[];
};

export type MediaRepository = {
  /** Stores the image and its files once; the same upload again changes nothing. */
  saveMedia(
    image: Omit<MediaImage, 'files'> & { files: MediaFile[] },
    editor: { by: string | null; now: Date },
  ): Promise<void>;
  findMedia(hash: string): Promise<MediaImage | null>;
  /** The bytes of one encoded file, or null. */
  readMediaFile(hash: string, width: number, format: MediaFormat): Promise<Buffer | null>;
};

const isMediaFormat = (value: string): value is MediaFormat =>
  MEDIA_FORMATS.some((format) => format === value);

export function createMediaRepository({ db, guard }: StoreContext): MediaRepository {
  return {
    saveMedia: (image, { by, now }) =>
      guard('store an image', () =>
        db.transaction().execute(async (trx) => {
          const inserted = await trx
            .insertInto('media')
            .values({
              hash: image.hash,
              width: image.width,
              height: image.height,
              created_at: now.toISOString(),
              created_by: by,
            })
            .onConflict((conflict) => conflict.column('hash').doNothing())
            .executeTakeFirst();
          if ((inserted.numInsertedOrUpdatedRows ?? 0n) === 0n) return;
          for (const file of image.files) {
            await trx
              .insertInto('media_files')
              .values({
                hash: image.hash,
                width: file.width,
                format: file.format,
                bytes: file.bytes,
              })
              .execute();
          }
        }),
      ),

    findMedia: (hash) =>
      guard('read an image', async () => {
        const image = await db
          .selectFrom('media')
          .select(['hash', 'width', 'height'])
          .where('hash', '=', hash)
          .executeTakeFirst();
        if (image === undefined) return null;
        const files = await db
          .selectFrom('media_files')
          .select(['width', 'format'])
          .where('hash', '=', hash)
          .orderBy('format')
          .orderBy('width')
          .execute();
        return {
          ...image,
          files: files.flatMap(({ width, format }) =>
            isMediaFormat(format) ? [{ width, format }] : [],
          ),
        };
      }),

    readMediaFile: (hash, width, format) =>
      guard('read an image file', async () => {
        const row = await db
          .selectFrom('media_files')
          .select('bytes')
          .where('hash', '=', hash)
          .where('width', '=', width)
          .where('format', '=', format)
          .executeTakeFirst();
        return row === undefined ? null : Buffer.from(row.bytes);
      }),
  };
}
