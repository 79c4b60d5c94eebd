import { useCallback, useEffect, useRef, useState, type ComponentType, type FocusEvent, type KeyboardEvent, type SetStateAction } from 'react';

// A control whose popover (in the header, in a row of a list) (a menu, a tooltip) needs code the first paint does not: the
// page draws a stand-in that looks and reads the same, and the popover's code loads when the
// user shows interest (pointer over it, focus, a press). The loaded part then takes the
// stand-in's place (a menu's when pressed, a tooltip's when pointed at), keeping the focus, and
// opens at once when the user had asked for it.

/** LoadedPartProps are what a loaded part is told when it takes its stand-in's place. */
export type LoadedPartProps = {
  /** The stand-in had the focus: the part focuses its own trigger. */
  takeFocus: boolean;
  /** The user asked for the popover while it loaded: the part opens it at once. */
  openNow: boolean;
};

/** DeferredPart loads a part's component once; get gives it once loaded. */
export type DeferredPart<P extends object> = {
  load: () => Promise<ComponentType<P & LoadedPartProps>>;
  get: () => ComponentType<P & LoadedPartProps> | undefined;
};

/** deferredPart wraps a part's dynamic import so that it is loaded at most once. */
export function deferredPart<P extends object>(
  load: () => Promise<ComponentType<P & LoadedPartProps>>,
): DeferredPart<P> {
  let loaded: ComponentType<P & LoadedPartProps> | undefined;
  let loading: Promise<ComponentType<P & LoadedPartProps>> | undefined;
  return {
    load: () => {
      loading ??= load().then(
        (component) => (loaded = component),
        (err: unknown) => {
          // A failed download (a new deployment, a dropped connection) is tried again next time.
          loading = undefined;
          throw err;
        },
      );
      return loading;
    },
    get: () => loaded,
  };
}

/** StandInHandlers are the event handlers a stand-in's trigger carries. */
export type StandInHandlers = {
  onPointerEnter: () => void;
  onPointerLeave: () => void;
  onFocus: (event: FocusEvent) => void;
  onBlur: () => void;
  onPointerDown?: () => void;
  onClick?: () => void;
  onKeyDown?: (event: KeyboardEvent) => void;
};

type Loaded<P extends object> = { Component: ComponentType<P & LoadedPartProps> } & LoadedPartProps;

/**
 * useDeferredPart gives the loaded part (undefined until then, when the stand-in shows) with its
 * LoadedPartProps, and the stand-in's handlers. opensOn says what opens the popover: a press
 * (a menu: click, Enter, Space, ArrowDown/Up) or the pointer over the trigger (a tooltip).
 */
export function useDeferredPart<P extends object>(part: DeferredPart<P>, opensOn: 'press' | 'hover') {
  const [loaded, setLoaded] = useState<Loaded<P> | undefined>(() => {
    const Component = part.get();
    return Component ? { Component, takeFocus: false, openNow: false } : undefined;
  });
  const focused = useRef(false);
  const hovered = useRef(false);
  const pressed = useRef(false);

  const request = useCallback(() => {
    part.load().then(
      (Component) => {
        const openNow = opensOn === 'press' ? pressed.current : hovered.current;
        const takeFocus = focused.current;
        setLoaded((current) => current ?? { Component, takeFocus, openNow });
      },
      (err: unknown) => {
        // The stand-in stays; the next sign of interest tries again.
        console.error('A part of the page could not be loaded', err);
      },
    );
  }, [part, opensOn]);

  const prefetch = () => {
    part.load().catch(() => undefined);
  };
  const press = () => {
    pressed.current = true;
    request();
  };
  // A menu takes its stand-in's place only when pressed, so the pointer's and the keyboard's
  // events never land on a stand-in that has just left; pointing at it or focusing it only
  // fetches its code. A tooltip takes its place as soon as the pointer is over it.
  const handlers: StandInHandlers = {
    onPointerEnter: () => {
      hovered.current = true;
      if (opensOn === 'hover') request();
      else prefetch();
    },
    onPointerLeave: () => {
      hovered.current = false;
    },
    onFocus: (event) => {
      // Only the trigger's own focus counts, not that of something inside it.
      if (event.target === event.currentTarget) focused.current = true;
      prefetch();
    },
    onBlur: () => {
      focused.current = false;
    },
  };
  if (opensOn === 'press') {
    // A press starts at the pointer's down: the part may take the stand-in's place before the
    // button is released, and then opens by itself.
    handlers.onPointerDown = press;
    handlers.onClick = press;
    handlers.onKeyDown = (event) => {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        press();
      }
    };
  }
  return { loaded, handlers };
}

/**
 * useLoadedMenu is for a loaded menu that took its stand-in's place: it gives the trigger's ref
 * and the menu's opened state, focusing the trigger and opening the menu when the stand-in had
 * asked for it.
 *
 * A part that loads between the pointer's press and its release opens at once, and the release
 * then clicks the loaded trigger: setOpened ignores the closing that click asks for, until the
 * user's next press or key.
 */
export function useLoadedMenu<T extends HTMLElement = HTMLButtonElement>({ takeFocus, openNow }: LoadedPartProps) {
  const target = useRef<T>(null);
  const [opened, setOpenedState] = useState(false);
  const initial = useRef({ takeFocus, openNow });
  const opening = useRef(false);
  useEffect(() => {
    if (initial.current.takeFocus || initial.current.openNow) target.current?.focus();
    if (initial.current.openNow) {
      opening.current = true;
      setOpenedState(true);
    }
    const pressed = () => {
      opening.current = false;
    };
    document.addEventListener('pointerdown', pressed, true);
    document.addEventListener('keydown', pressed, true);
    return () => {
      document.removeEventListener('pointerdown', pressed, true);
      document.removeEventListener('keydown', pressed, true);
    };
  }, []);
  const setOpened = useCallback((next: SetStateAction<boolean>) => {
    if (opening.current) {
      opening.current = false;
      if (!(typeof next === 'function' ? next(true) : next)) return;
    }
    setOpenedState(next);
  }, []);
  return { target, opened, setOpened };
}
