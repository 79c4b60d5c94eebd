import { Center, Loader } from '@mantine/core';
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';

/** PageLoading stands in the page's place while its code loads. */
export function PageLoading() {
  return (
    <Center py="xl" role="status" aria-label="Loading page">
      <Loader size="sm" />
    </Center>
  );
}

/** LazyPage is a component whose code loads on first render, or earlier with preload. */
export type LazyPage<P extends object> = ComponentType<P> & {
  /** preload loads the component's code now; rendering it later does not wait again. */
  preload: () => Promise<unknown>;
};

/**
 * lazyPage makes a component whose code is loaded the first time it renders, so each screen is
 * its own chunk: load imports the module and picks the component. Until the code is there the
 * fallback (a loader by default) stands in its place.
 */
export function lazyPage<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode = <PageLoading />,
): LazyPage<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const loadOnce = () => {
    loading ??= load().then(
      (component) => ({ default: component }),
      (err: unknown) => {
        // A failed download (a new deployment, a dropped connection) is tried again next time.
        loading = undefined;
        throw err;
      },
    );
    return loading;
  };
  const Lazy = lazy(loadOnce) as unknown as ComponentType<P>;
  function Page(props: P) {
    return (
      <Suspense fallback={fallback}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return Object.assign(Page, { preload: loadOnce });
}
