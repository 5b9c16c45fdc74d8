/** The studio's national award: shown in About and named in the page's structured data. */
export const award = {
  title: 'National Design Excellence Award',
  text: 'Honoured by the American Graphic Design Association with its national award for excellence in brand identity.',
} as const;
