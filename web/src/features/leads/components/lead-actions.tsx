import { Button, Group, Menu } from '@mantine/core';
import { useState } from 'react';

import { notify, notifyError } from '../../../lib/notify';
import { useClaimLead } from '../api/lead-actions';
import type { VehicleKind } from '../api/lead-vehicles';
import type { LeadRef } from '../lead-display';
import type { LeadPowers } from '../lead-roles';
import { transitionsFrom } from '../lead-status';
import { AssignModal, ReassignModal } from './reassign-modal';
import { StatusChangeModal } from './status-change-modal';
import { TypeSourceModal } from './type-source-modal';
import { AddVehicleModal, ChooseVehicleModal, RemoveVehicleModal } from './vehicle-modals';

type Open = 'status' | 'typeSource' | 'reassign' | 'assign' | 'addVoi' | 'chooseVoi' | 'removeVoi' | 'addTrade' | null;

type LeadActionsProps = {
  lead: LeadRef;
  /** How the buttons and the menu name the lead: "the lead of Ana Lima". */
  name: string;
  powers: LeadPowers;
};

/**
 * LeadActions are a lead's actions: Claim (an unclaimed lead), Status, and a menu with the type
 * and source change, reassign, assign (a manager, an unclaimed lead), and the vehicles of
 * interest and trade-ins; each opens its modal. Only what the user's roles and the lead's
 * status allow is offered.
 */
export function LeadActions({ lead, name, powers }: LeadActionsProps) {
  const [open, setOpen] = useState<Open>(null);
  const claim = useClaimLead();
  const unclaimed = lead.displayStatusId === -2;
  const vehiclesWritable = lead.leadStatusId === 1 || lead.leadStatusId === 6;
  const vois = lead.vehiclesOfInterest ?? [];
  const target = (which: Open) => (open === which ? lead : null);
  const close = () => setOpen(null);

  const onClaim = () =>
    claim.mutate(lead.crmLeadId, {
      onSuccess: () => notify('success', `You claimed ${name}.`),
      onError: notifyError,
    });

  if (!powers.work) return null;
  const addVehicleKind: VehicleKind = open === 'addTrade' ? 'trade' : 'voi';
  return (
    <>
      <Group gap="xs" wrap="nowrap">
        {unclaimed && (
          <Button size="xs" aria-label={`Claim ${name}`} loading={claim.isPending} onClick={onClaim}>
            Claim
          </Button>
        )}
        {transitionsFrom(lead.leadStatusId).length > 0 && (
          <Button size="xs" variant="default" aria-label={`Change the status of ${name}`} onClick={() => setOpen('status')}>
            Status
          </Button>
        )}
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button size="xs" variant="default" aria-label={`More actions for ${name}`}>
              More
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={() => setOpen('typeSource')}>Change type and source</Menu.Item>
            {powers.manage && vehiclesWritable && <Menu.Item onClick={() => setOpen('reassign')}>Reassign</Menu.Item>}
            {powers.manage && unclaimed && <Menu.Item onClick={() => setOpen('assign')}>Assign</Menu.Item>}
            {vehiclesWritable && (
              <>
                <Menu.Divider />
                <Menu.Item onClick={() => setOpen('addVoi')}>Add vehicle of interest</Menu.Item>
                {vois.length > 1 && <Menu.Item onClick={() => setOpen('chooseVoi')}>Choose vehicle of interest</Menu.Item>}
                {vois.length > 0 && <Menu.Item onClick={() => setOpen('removeVoi')}>Remove vehicle of interest</Menu.Item>}
                <Menu.Item onClick={() => setOpen('addTrade')}>Add trade-in</Menu.Item>
              </>
            )}
          </Menu.Dropdown>
        </Menu>
      </Group>
      <StatusChangeModal lead={target('status')} onClose={close} />
      <TypeSourceModal lead={target('typeSource')} onClose={close} />
      <ReassignModal lead={target('reassign')} onClose={close} />
      <AssignModal lead={target('assign')} onClose={close} />
      <AddVehicleModal lead={open === 'addVoi' || open === 'addTrade' ? lead : null} kind={addVehicleKind} onClose={close} />
      <ChooseVehicleModal lead={target('chooseVoi')} onClose={close} />
      <RemoveVehicleModal lead={target('removeVoi')} onClose={close} />
    </>
  );
}
