import type { ContentImage, ImageSource, ImageType } from '../../common/site-content-rules';

type PictureProps = {
  image: ContentImage;
  alt: string;
  /** The rendered width, so the browser picks the smallest file that is still sharp. */
  sizes: string;
  className?: string;
  /** Everything below the fold loads lazily; pass 'eager' only for the first screen. */
  loading?: 'lazy' | 'eager';
};

/**
 * AVIF, which every current browser decodes, then the JPEG. WebP files of images uploaded
 * before are left out: a third source cost every page's first window ~550 bytes (0078).
 */
const SOURCE_TYPES: readonly ImageType[] = ['image/avif'];

function srcSetOf(image: ContentImage, type: ImageType): string {
  return image.sources
    .filter((source) => source.type === type)
    .sort((a, b) => a.width - b.width)
    .map((source) => `${source.url} ${source.width}w`)
    .join(', ');
}

/** The widest JPEG: what a browser without AVIF shows (the schema requires one). */
function fallbackOf(image: ContentImage): string {
  let widest: ImageSource | undefined;
  for (const source of image.sources) {
    if (source.type === 'image/jpeg' && source.width > (widest?.width ?? 0)) widest = source;
  }
  return widest?.url ?? '';
}

/**
 * A responsive <picture> with modern formats first and its size reserved (no layout shift).
 * A build image and an uploaded one are the same kind of data, so they render the same way.
 */
export function Picture({ image, alt, sizes, className, loading = 'lazy' }: PictureProps) {
  // Only a draft's preview has an image with no files yet (publishing needs them): its box.
  if (image.sources.length === 0) {
    return (
      <span role="img" aria-label={alt} className={`block bg-paper-sunk ${className ?? ''}`} />
    );
  }
  const sources = SOURCE_TYPES.flatMap((type) => {
    const srcSet = srcSetOf(image, type);
    return srcSet === '' ? [] : [{ type, srcSet }];
  });
  return (
    <picture>
      {sources.map(({ type, srcSet }) => (
        <source key={type} type={type} srcSet={srcSet} sizes={sizes} />
      ))}
      <img
        src={fallbackOf(image)}
        width={image.width}
        height={image.height}
        alt={alt}
        loading={loading}
        decoding="async"
        className={className}
      />
    </picture>
  );
}
