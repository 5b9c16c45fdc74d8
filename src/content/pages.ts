/** The pages beside the landing page: not found, and the render error fallback. */
export const notFoundPage = {
  heading: '404',
  text: 'Page not found',
  homeLink: 'Return to Home',
  title: 'Page not found',
  description: 'This page does not exist. Return to the Ember & Ink home page.',
} as const;

export const errorPage = {
  heading: 'Unexpected Application Error!',
  homeLink: 'Return to Home',
} as const;
