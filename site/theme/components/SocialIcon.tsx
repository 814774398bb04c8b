/** Brand marks for the social links (simple filled glyphs, 24 px grid). */
const socialIconPaths: Record<string, string> = {
  github:
    'M12 2a10 10 0 0 0-3.16 ' +
    '19.49c.5.09.68-.22.68-.48v-1.7c-2.78.6-3.37-1.34-3.37-1.34-.45-1.16-1.11-1.46-1.11-1.46-.91-.62.07-.61.07-.61 ' +
    '1 .07 1.53 1.03 1.53 1.03.9 1.52 2.34 1.08 ' +
    '2.91.83.09-.65.35-1.09.63-1.34-2.22-.25-4.55-1.11-4.55-4.94 0-1.09.39-1.98 ' +
    '1.03-2.68-.1-.25-.45-1.27.1-2.64 0 0 .84-.27 2.75 1.02a9.5 9.5 0 0 1 5 0c1.91-1.29 2.75-1.02 ' +
    '2.75-1.02.55 1.37.2 2.39.1 2.64.64.7 1.03 1.59 1.03 2.68 0 3.84-2.34 4.69-4.57 4.93.36.31.68.92.68 ' +
    '1.85v2.75c0 .27.18.58.69.48A10 10 0 0 0 12 2z',
  discord:
    'M19.6 5.3A16.5 16.5 0 0 0 15.5 4l-.5 1a15 15 0 0 0-6 0l-.5-1a16.5 16.5 0 0 0-4.1 1.3C1.8 9.2 1.1 13 1.4 ' +
    '16.8A16.6 16.6 0 0 0 6.5 19.4l1.1-1.7c-.6-.2-1.2-.5-1.8-.9l.4-.3a11.8 11.8 0 0 0 11.6 ' +
    '0l.4.3c-.6.4-1.2.7-1.8.9l1.1 1.7a16.5 16.5 0 0 0 5.1-2.6c.4-4.4-.7-8.2-3-11.5zM8.8 14.5c-1 ' +
    '0-1.8-.9-1.8-2s.8-2 1.8-2 1.8.9 1.8 2-.8 2-1.8 2zm6.4 0c-1 0-1.8-.9-1.8-2s.8-2 1.8-2 1.8.9 1.8 2-.8 ' +
    '2-1.8 2z',
  x:
    'M17.8 3h3.1l-6.8 7.7L22 21h-6.2l-4.9-6.3L5.3 21H2.2l7.2-8.3L1.9 3h6.3l4.4 5.8L17.8 3zm-1.1 16.2h1.7L7.4 ' +
    '4.7H5.6l11.1 14.5z',
  twitter:
    'M22 5.9a8.2 8.2 0 0 1-2.4.6 4.1 4.1 0 0 0 1.8-2.3 8.2 8.2 0 0 1-2.6 1 4.1 4.1 0 0 0-7 3.7A11.6 11.6 0 0 ' +
    '1 3.4 4.6a4.1 4.1 0 0 0 1.3 5.5 4.1 4.1 0 0 1-1.9-.5 4.1 4.1 0 0 0 3.3 4 4.1 4.1 0 0 1-1.8.1 4.1 4.1 0 0 ' +
    '0 3.8 2.8A8.2 8.2 0 0 1 2 18.3 11.6 11.6 0 0 0 8.3 20c7.5 0 11.7-6.3 11.7-11.7v-.5A8.3 8.3 0 0 0 22 5.9z',
  npm:
    'M2 7h20v9h-10v1.5H7.5V16H2V7zm1.5 7.5h2.8V9.8h1.4v4.7h1.4V8.5H3.5v6zm5.9-6v7.5h2.8v-1.5h2.8v-6H9.4zm2.8 ' +
    '1.3h1.4v3.4h-1.4V9.8zm3.5-1.3v6h2.8V9.8h1.4v4.7h1.4V9.8h1.4v4.7h1.3v-6h-8.3z',
}

const fallbackPath =
  'M10 14a4 4 0 0 0 5.66 0l3-3a4 4 0 0 0-5.66-5.66l-1 1M14 10a4 4 0 0 0-5.66 0l-3 3a4 4 0 0 0 5.66 5.66l1-1'

/** A social brand mark by name ('github', 'discord', 'x', 'npm'); a link glyph for unknown names. */
export function SocialIcon({ icon, size = 20 }: { icon: string; size?: number }) {
  const known = socialIconPaths[icon]
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
      {known ? (
        <path d={known} fill="currentColor" />
      ) : (
        <path d={fallbackPath} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      )}
    </svg>
  )
}

/** A readable name for a social icon ('github' -> 'GitHub'), for accessible labels. */
export function socialLabel(icon: string): string {
  const names: Record<string, string> = {
    github: 'GitHub',
    discord: 'Discord',
    x: 'X',
    twitter: 'Twitter',
    npm: 'npm',
    linkedin: 'LinkedIn',
    youtube: 'YouTube',
  }
  return names[icon] ?? icon.charAt(0).toUpperCase() + icon.slice(1)
}
