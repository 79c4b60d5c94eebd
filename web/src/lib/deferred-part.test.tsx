import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { useLoadedMenu, type LoadedPartProps } from './deferred-part';

/** Menu is a loaded part's trigger that toggles its menu, as the header's popovers do. */
function Menu(props: LoadedPartProps) {
  const { target, opened, setOpened } = useLoadedMenu(props);
  return (
    <button ref={target} type="button" aria-expanded={opened} onClick={() => setOpened((o) => !o)}>
      Menu
    </button>
  );
}

describe('useLoadedMenu', () => {
  it.each([
    { name: 'opened while it loaded, the click ending that press keeps it open', openNow: true, pressFirst: false, want: 'true' },
    { name: 'opened while it loaded, a new press closes it', openNow: true, pressFirst: true, want: 'false' },
    { name: 'not asked to open, a click opens it', openNow: false, pressFirst: false, want: 'true' },
    { name: 'not asked to open, a press and click open it', openNow: false, pressFirst: true, want: 'true' },
  ])('$name', ({ openNow, pressFirst, want }) => {
    render(<Menu openNow={openNow} takeFocus={false} />);
    const button = screen.getByRole('button', { name: 'Menu' });
    expect(button).toHaveAttribute('aria-expanded', String(openNow));
    if (pressFirst) fireEvent.pointerDown(button);
    fireEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', want);
  });

  it('closes on the click after the one that ended its opening press', () => {
    render(<Menu openNow takeFocus={false} />);
    const button = screen.getByRole('button', { name: 'Menu' });
    fireEvent.click(button);
    fireEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });
});
