import type { ResponsivePicture } from '../lib/responsive-picture';

type PictureProps = {
  picture: ResponsivePicture;
  alt: string;
  /** The rendered width, so the browser picks the smallest file that is still sharp. */
  sizes: string;
  className?: string;
  /** Everything below the fold loads lazily; pass 'eager' only for the first screen. */
  loading?: 'lazy' | 'eager';
};

const FORMAT_ORDER = ['avif', 'webp'];

/** A responsive <picture> with modern formats first and its size reserved (no layout shift). */
export function Picture({ picture, alt, sizes, className, loading = 'lazy' }: PictureProps) {
  const sources = FORMAT_ORDER.flatMap((format) => {
    const srcSet = picture.sources[format];
    return srcSet ? [{ format, srcSet }] : [];
  });
  return (
    <picture>
      {sources.map(({ format, srcSet }) => (
        <source key={format} type={`image/${format}`} srcSet={srcSet} sizes={sizes} />
      ))}
      <img
        src={picture.img.src}
        width={picture.img.w}
        height={picture.img.h}
        alt={alt}
        loading={loading}
        decoding="async"
        className={className}
      />
    </picture>
  );
}
