/**
 * `import art from './x.jpg?picture'` yields AVIF at two widths plus JPEG fallbacks (no WebP:
 * decision 0078), so every card gets a sharp image on 2x phones without shipping desktop pixels.
 * The widths cover a card that is at most ~400 CSS px wide.
 */
export function responsivePictureDirectives(url: URL): URLSearchParams {
  if (!url.searchParams.has('picture')) return new URLSearchParams();
  return new URLSearchParams({
    w: '400;800',
    format: 'avif;jpg',
    as: 'picture',
    quality: '62',
  });
}
