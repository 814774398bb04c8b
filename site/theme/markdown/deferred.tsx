import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react'

/** A component whose code loads only on a page that renders it, and that the server can prepare first. */
export interface DeferredComponent<P extends object> {
  (props: P): React.JSX.Element
  /** Loads the code; the server awaits this before its first render (renderToString cannot wait). */
  preload(): Promise<void>
}

type Module<P> = { default: ComponentType<P> }

/**
 * Rspress's rarer built-ins (cards, steps, layouts...) are in the theme so any site can use them,
 * but the pages of a site that does not use them should not download them: each loads in its own
 * chunk, on the page that renders it.
 *
 * Server and client render the same tree, a Suspense boundary around a lazy component: on the
 * server the code is already in (`preload`, called by the templates' `prepare`), and the lazy
 * resolves at once through a thenable that calls back synchronously, so the HTML has the
 * content; in the browser, hydration leaves the boundary's server HTML in place until the chunk
 * arrives, then hydrates it (no mismatch, no flash).
 */
export function deferred<P extends object>(name: string, load: () => Promise<ComponentType<P>>): DeferredComponent<P> {
  let loaded: Module<P> | undefined
  const fetchModule = async (): Promise<Module<P>> => (loaded ??= { default: await load() })
  const Lazy: LazyExoticComponent<ComponentType<P>> = lazy(
    () => (loaded ? resolvedThenable(loaded) : fetchModule()) as Promise<Module<P>>,
  )
  function Deferred(props: P) {
    return (
      <Suspense fallback={null}>
        <Lazy {...(props as P & React.JSX.IntrinsicAttributes)} />
      </Suspense>
    )
  }
  Deferred.displayName = name
  Deferred.preload = async () => {
    await fetchModule()
  }
  return Deferred
}

/** A thenable already settled: React.lazy reads it synchronously, so nothing suspends. */
function resolvedThenable<T>(value: T): PromiseLike<T> {
  return {
    then(onFulfilled) {
      onFulfilled?.(value)
      return this as never
    },
  }
}
