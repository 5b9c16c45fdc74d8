/** Images imported with `?picture` (see scripts/image-presets.ts). */
declare module '*?picture' {
  const picture: {
    /** Format (avif, webp) → srcset */
    sources: Record<string, string>;
    /** The JPEG fallback and the intrinsic size that reserves the layout box. */
    img: { src: string; w: number; h: number };
  };
  export default picture;
}
