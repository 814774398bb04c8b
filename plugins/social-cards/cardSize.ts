/** The Open Graph card size, in pixels (what og:image:width and og:image:height announce). */
export const cardWidth = 1200
export const cardHeight = 630
