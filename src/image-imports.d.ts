/** Images imported with `?picture` (see scripts/image-presets.ts). */
declare module '*?picture' {
  // A top-level import would make this file a module and the wildcard declaration an augmentation.
  // eslint-disable-next-line @typescript-eslint/consistent-type-imports
  const picture: import('./lib/responsive-picture').ResponsivePicture;
  export default picture;
}
