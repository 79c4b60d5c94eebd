import { Button, Group } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';

import { PopupLoading } from '../../../components/ui/popup-loading';
import { deferredPart, useDeferredPart } from '../../../lib/deferred-part';
import { notify, notifyError } from '../../../lib/notify';
import { useClaimLead } from '../api/lead-actions';
import type { LeadChange, LeadRef } from '../lead-display';
import type { LeadPowers } from '../lead-roles';
import { transitionsFrom } from '../lead-status';
import type { LeadDialog } from './lead-modals';
import type { LeadMoreMenuProps } from './lead-more-menu';

// The dialogs load when the user first opens one, not with the list of leads.
export const LeadModals = lazy(() => import('./lead-modals').then((m) => ({ default: m.LeadModals })));

type Open = LeadDialog | null;

const moreMenuPart = deferredPart<LeadMoreMenuProps>(() => import('./lead-more-menu').then((m) => m.LoadedLeadMoreMenu));

/**
 * LeadMoreMenu is a lead's More button; its menu's code loads when the user points at, focuses
 * or presses it, and the menu opens once loaded when the button was pressed.
 */
function LeadMoreMenu(props: LeadMoreMenuProps) {
  const { loaded, handlers } = useDeferredPart(moreMenuPart, 'press');
  if (loaded) {
    const { Component, takeFocus, openNow } = loaded;
    return <Component {...props} takeFocus={takeFocus} openNow={openNow} />;
  }
  return (
    <Button size="xs" variant="default" aria-label={`More actions for ${props.name}`} aria-haspopup="menu" aria-expanded={false} {...handlers}>
      More
    </Button>
  );
}

type LeadActionsProps = {
  lead: LeadRef;
  /** How the buttons and the menu name the lead: "the lead of Ana Lima". */
  name: string;
  powers: LeadPowers;
  /** Told of a claim or a status change the user made, with what the lead is now. */
  onChanged?: (change: LeadChange) => void;
  /** Show the buttons at a size a finger can press (a phone). */
  touch?: boolean;
  /**
   * Told which dialog the user opens, when the caller shows the dialogs itself (a list whose
   * rows change layout with the screen's width keeps them, and what was typed, across the
   * change); without it the actions show their own.
   */
  onOpenDialog?: (which: LeadDialog) => void;
};

/**
 * LeadActions are a lead's actions: Claim (an unclaimed lead), Status, and a menu with the type
 * and source change, reassign, assign (a manager, an unclaimed lead), and the vehicles of
 * interest and trade-ins; each opens its modal. Only what the user's roles and the lead's
 * status allow is offered.
 */
export function LeadActions({ lead, name, powers, onChanged, touch = false, onOpenDialog }: LeadActionsProps) {
  const [open, setOpenState] = useState<Open>(null);
  // Once loaded, the dialogs stay mounted so that they close with their transition.
  const [dialogsWanted, setDialogsWanted] = useState(false);
  const setOpen = (which: Open) => {
    if (which && onOpenDialog) {
      onOpenDialog(which);
      return;
    }
    if (which) setDialogsWanted(true);
    setOpenState(which);
  };
  const claim = useClaimLead();
  const unclaimed = lead.displayStatusId === -2;
  const vehiclesWritable = lead.leadStatusId === 1 || lead.leadStatusId === 6;
  const vois = lead.vehiclesOfInterest ?? [];
  const close = () => setOpen(null);

  const onClaim = () =>
    claim.mutate(lead.crmLeadId, {
      onSuccess: (held) => {
        notify('success', `You claimed ${name}.`);
        onChanged?.({ crmLeadId: held.crmLeadId, changes: held, note: 'You claimed this lead.' });
      },
      onError: notifyError,
    });

  if (!powers.work) return null;
  return (
    <>
      <Group gap="xs" wrap={touch ? 'wrap' : 'nowrap'}>
        {unclaimed && (
          <Button size={touch ? 'sm' : 'xs'} aria-label={`Claim ${name}`} loading={claim.isPending} onClick={onClaim}>
            Claim
          </Button>
        )}
        {transitionsFrom(lead.leadStatusId).length > 0 && (
          <Button size={touch ? 'sm' : 'xs'} variant="default" aria-label={`Change the status of ${name}`} onClick={() => setOpen('status')}>
            Status
          </Button>
        )}
        <LeadMoreMenu
          name={name}
          manage={powers.manage}
          unclaimed={unclaimed}
          vehiclesWritable={vehiclesWritable}
          vois={vois.length}
          onOpen={setOpen}
        />
      </Group>
      {dialogsWanted && !onOpenDialog ? (
        <Suspense fallback={<PopupLoading label="Loading the form" />}>
          <LeadModals lead={lead} open={open} onClose={close} onChanged={onChanged} />
        </Suspense>
      ) : null}
    </>
  );
}
