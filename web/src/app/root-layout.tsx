import { useEffect } from 'react';
import { Outlet, useMatches } from 'react-router';

import { PRODUCT_NAME } from '../lib/product';

/** RouteHandle is the metadata a route may carry. */
export type RouteHandle = { title?: string };

/** pageTitle is the deepest matched route's title, or the product's short name. */
export function pageTitle(handles: readonly unknown[]): string {
  for (let i = handles.length - 1; i >= 0; i--) {
    const title = (handles[i] as RouteHandle | undefined)?.title;
    if (title) return title;
  }
  return PRODUCT_NAME;
}

/** RootLayout sets the document title from the route metadata. */
export function RootLayout() {
  const matches = useMatches();
  const title = pageTitle(matches.map((m) => m.handle));
  useEffect(() => {
    document.title = title;
  }, [title]);
  return <Outlet />;
}
