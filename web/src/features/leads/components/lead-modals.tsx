import { lazy, Suspense, useState } from 'react';

import { PopupLoading } from '../../../components/ui/popup-loading';
import type { LeadChange, LeadRef } from '../lead-display';
import { AssignModal, ReassignModal } from './reassign-modal';
import { StatusChangeModal } from './status-change-modal';
import { TypeSourceModal } from './type-source-modal';

/** LeadDialog names one of a lead's dialogs. */
export type LeadDialog = 'status' | 'typeSource' | 'reassign' | 'assign' | 'addVoi' | 'chooseVoi' | 'removeVoi' | 'addTrade';

const VEHICLE_DIALOGS: readonly LeadDialog[] = ['addVoi', 'chooseVoi', 'removeVoi', 'addTrade'];

// The vehicle dialogs, with their vehicle search, load when one is first opened.
const VehicleDialogs = lazy(() => import('./vehicle-dialogs').then((m) => ({ default: m.VehicleDialogs })));

type LeadModalsProps = {
  lead: LeadRef;
  /** The dialog shown, if any. */
  open: LeadDialog | null;
  onClose: () => void;
  /** Told of a status change the user saved. */
  onChanged?: (change: LeadChange) => void;
};

/** LeadModals are a lead's dialogs, the one named by open shown (see LeadActions). */
export function LeadModals({ lead, open, onClose, onChanged }: LeadModalsProps) {
  const target = (which: LeadDialog) => (open === which ? lead : null);
  // Once loaded, the vehicle dialogs stay mounted so that they close with their transition.
  const [vehiclesWanted, setVehiclesWanted] = useState(false);
  if (open && VEHICLE_DIALOGS.includes(open) && !vehiclesWanted) setVehiclesWanted(true);
  return (
    <>
      <StatusChangeModal lead={target('status')} onClose={onClose} onChanged={onChanged} />
      <TypeSourceModal lead={target('typeSource')} onClose={onClose} />
      <ReassignModal lead={target('reassign')} onClose={onClose} />
      <AssignModal lead={target('assign')} onClose={onClose} />
      {vehiclesWanted ? (
        <Suspense fallback={<PopupLoading label="Loading the form" />}>
          <VehicleDialogs lead={lead} open={open} onClose={onClose} />
        </Suspense>
      ) : null}
    </>
  );
}
