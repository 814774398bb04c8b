/** The first focusable element: jumps past the navbar to the main content. */
export function SkipLink({ text }: { text: string }) {
  return (
    <a className="skip-link" href="#content">
      {text}
    </a>
  )
}
