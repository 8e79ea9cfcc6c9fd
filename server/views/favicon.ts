/**
 * Wren's icon (a speech bubble in the demo inbox's blue): the tab icon of the demo page, the
 * popout's `/widget` and the agent console, so no browser asks for a `/favicon.ico` that is not there.
 */
export const FAVICON_PATH = '/favicon.svg';

/** The `<link>` every page Wren renders carries. */
export const FAVICON_LINK = `<link rel="icon" href="${FAVICON_PATH}" type="image/svg+xml">`;

export const FAVICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">' +
  '<path fill="#1f93ff" d="M16 3C8.8 3 3 8.1 3 14.5c0 3.3 1.6 6.3 4.1 8.4L6 29l6.3-3.2c1.2.3 2.4.4 3.7.4 7.2 0 13-5.1 13-11.5S23.2 3 16 3z"/>' +
  '<circle cx="10.5" cy="14.5" r="2" fill="#fff"/><circle cx="16" cy="14.5" r="2" fill="#fff"/><circle cx="21.5" cy="14.5" r="2" fill="#fff"/>' +
  '</svg>';
