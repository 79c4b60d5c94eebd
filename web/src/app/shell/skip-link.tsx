import type { MouseEvent } from 'react';
import { useLocation } from 'react-router';

import classes from './skip-link.module.css';

/** The id of the page's main region, where the skip link takes the focus. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * SkipLink is the shell's first focusable element: it moves the keyboard's focus past the header
 * and the navigation to the page's content. The address stays the page's own, since the hash
 * holds the route.
 */
export function SkipLink() {
  const { pathname, search } = useLocation();
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    const main = document.getElementById(MAIN_CONTENT_ID);
    main?.focus();
    main?.scrollIntoView?.({ block: 'start' });
  };
  return (
    <a className={classes.link} href={`#${pathname}${search}`} onClick={skip}>
      Skip to content
    </a>
  );
}
