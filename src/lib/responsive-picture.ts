/** What an image imported with `?picture` is (see scripts/image-presets.ts). */
export type ResponsivePicture = {
  /** Format (avif) → srcset */
  sources: Record<string, string>;
  /** The JPEG fallback and the intrinsic size that reserves the layout box. */
  img: { src: string; w: number; h: number };
};
