import { Button, Menu } from '@mantine/core';

import { useLoadedMenu, type LoadedPartProps } from '../../../lib/deferred-part';
import type { LeadDialog } from './lead-modals';

export type LeadMoreMenuProps = {
  /** How the button names the lead: "the lead of Ana Lima". */
  name: string;
  /** The user may reassign and assign leads. */
  manage: boolean;
  unclaimed: boolean;
  vehiclesWritable: boolean;
  /** How many vehicles of interest the lead has. */
  vois: number;
  onOpen: (dialog: LeadDialog) => void;
};

/** moreActionsLabel is the More button's accessible name for a lead. */
const moreActionsLabel = (name: string) => `More actions for ${name}`;

/** LoadedLeadMoreMenu is a lead's More menu, loaded when the user first presses More. */
export function LoadedLeadMoreMenu({ name, manage, unclaimed, vehiclesWritable, vois, onOpen, ...loaded }: LeadMoreMenuProps & LoadedPartProps) {
  const { target, opened, setOpened } = useLoadedMenu(loaded);
  return (
    <Menu position="bottom-end" withinPortal opened={opened} onChange={setOpened}>
      <Menu.Target>
        <Button ref={target} size="xs" variant="default" aria-label={moreActionsLabel(name)}>
          More
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => onOpen('typeSource')}>Change type and source</Menu.Item>
        {manage && vehiclesWritable && <Menu.Item onClick={() => onOpen('reassign')}>Reassign</Menu.Item>}
        {manage && unclaimed && <Menu.Item onClick={() => onOpen('assign')}>Assign</Menu.Item>}
        {vehiclesWritable && (
          <>
            <Menu.Divider />
            <Menu.Item onClick={() => onOpen('addVoi')}>Add vehicle of interest</Menu.Item>
            {vois > 1 && <Menu.Item onClick={() => onOpen('chooseVoi')}>Choose vehicle of interest</Menu.Item>}
            {vois > 0 && <Menu.Item onClick={() => onOpen('removeVoi')}>Remove vehicle of interest</Menu.Item>}
            <Menu.Item onClick={() => onOpen('addTrade')}>Add trade-in</Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
