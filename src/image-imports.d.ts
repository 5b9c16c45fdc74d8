/** Images imported with `?picture` (see scripts/image-presets.ts). */
declare module '*?picture' {
  const picture: import('./lib/responsive-picture').ResponsivePicture;
  export default picture;
}
