import { cloneElement, type ReactElement, type ReactNode } from 'react';

import { deferredPart, useDeferredPart, type StandInHandlers } from '../../lib/deferred-part';

export type HeaderTooltipProps = {
  label: ReactNode;
  disabled?: boolean;
  /** The element the tooltip describes; it may take a ref. */
  children: ReactElement;
};

const tooltipPart = deferredPart<HeaderTooltipProps>(() => import('./header-popovers').then((m) => m.LoadedTooltip));

/**
 * HeaderTooltip is a tooltip of the header whose code loads when the pointer first comes over
 * (or the focus first comes to) the element it describes; until then the element shows alone.
 */
export function HeaderTooltip(props: HeaderTooltipProps) {
  const { loaded, handlers } = useDeferredPart(tooltipPart, 'hover');
  if (loaded) {
    const { Component, takeFocus, openNow } = loaded;
    return <Component {...props} takeFocus={takeFocus} openNow={openNow} />;
  }
  if (props.disabled) return props.children;
  return cloneElement(props.children as ReactElement<StandInHandlers>, handlers);
}
