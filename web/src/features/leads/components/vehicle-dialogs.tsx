import type { VehicleKind } from '../api/lead-vehicles';
import type { LeadRef } from '../lead-display';
import type { LeadDialog } from './lead-modals';
import { AddVehicleModal, ChooseVehicleModal, RemoveVehicleModal } from './vehicle-modals';

/** VehicleDialogs are a lead's vehicle dialogs (see LeadModals), loaded when one first opens. */
export function VehicleDialogs({ lead, open, onClose }: { lead: LeadRef; open: LeadDialog | null; onClose: () => void }) {
  const addVehicleKind: VehicleKind = open === 'addTrade' ? 'trade' : 'voi';
  return (
    <>
      <AddVehicleModal lead={open === 'addVoi' || open === 'addTrade' ? lead : null} kind={addVehicleKind} onClose={onClose} />
      <ChooseVehicleModal lead={open === 'chooseVoi' ? lead : null} onClose={onClose} />
      <RemoveVehicleModal lead={open === 'removeVoi' ? lead : null} onClose={onClose} />
    </>
  );
}
