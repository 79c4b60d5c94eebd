import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';

import type { StoreSettings, StoreSettingsChange } from '../../../lib/api/types';
import { renderWithProviders } from '../../../testing/render';
import { server } from '../../../testing/server';
import { WorkingHoursModal } from './working-hours-modal';

const week = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

const read: StoreSettings = {
  AccountPlatformID: 2001,
  Version: 3,
  IsBdcEnabled: true,
  PushToDms: false,
  DmsProvider: '',
  PushToFinance: false,
  FinanceProvider: '',
  NotificationRules: [{ Event: 'NewLead', Recipients: ['BDCManager'], Channels: ['inApp'], Enabled: true }],
  ReassignRules: [],
  LeadSettings: { LeadManagement: true, ShowroomLog: true, DeliveryLog: true, AutoAssign: false, RoundRobin: false, ResponseTimeMinutes: 0 },
  ContactAssignment: { SalesPersonEditable: true, BdcAgentEditable: false, ServiceAdvisorEditable: false, ManagerApprovalRequired: false },
  BusinessHours: week.map((Day) => ({ Day, Open: '09:00', Close: '19:00', Closed: Day === 'Sunday' })),
  UpdatedBy: '',
};

/** settingsServer answers the store's settings and records each save; fail answers the save. */
function settingsServer(fail?: { status: number; body: Record<string, unknown> }) {
  const saves: StoreSettingsChange[] = [];
  server.use(
    http.post('*/api/dealer_settings/get_account_platform_settings', () => HttpResponse.json({ successful: true, data: read })),
    http.post('*/api/dealer_settings/save_account_platform_settings', async ({ request }) => {
      const body = (await request.json()) as StoreSettingsChange;
      saves.push(body);
      if (fail) return HttpResponse.json(fail.body, { status: fail.status });
      return HttpResponse.json({ successful: true, data: { ...read, ...body, Version: read.Version + 1 } });
    }),
  );
  return saves;
}

describe('WorkingHoursModal', () => {
  it("saves a closed Saturday, a later Friday and a response target, keeping the store's other settings", async () => {
    const saves = settingsServer();
    const onClose = vi.fn();
    renderWithProviders(<WorkingHoursModal storeId={2001} storeName="Northwind Toyota" opened onClose={onClose} />);

    await userEvent.click(await screen.findByRole('checkbox', { name: 'Open on Saturday' }));
    expect(screen.getByLabelText('Saturday opens at')).toBeDisabled();
    const friday = screen.getByLabelText('Friday closes at');
    await userEvent.clear(friday);
    await userEvent.type(friday, '21:00');
    await userEvent.type(screen.getByLabelText(/First response target/), '10');
    await userEvent.click(screen.getByRole('button', { name: 'Save hours' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(saves).toHaveLength(1);
    const saved = saves[0]!;
    expect(saved.Version).toBe(3);
    expect(saved.NotificationRules).toEqual(read.NotificationRules);
    expect(saved.LeadSettings.ResponseTimeMinutes).toBe(10);
    expect(saved.LeadSettings.LeadManagement).toBe(true);
    const day = (name: string) => saved.BusinessHours?.find((d) => d.Day === name);
    expect(day('Saturday')).toEqual({ Day: 'Saturday', Closed: true });
    expect(day('Friday')).toEqual({ Day: 'Friday', Open: '09:00', Close: '21:00' });
    expect(day('Sunday')).toEqual({ Day: 'Sunday', Closed: true });
    expect(await screen.findByText('The working hours are saved.')).toBeInTheDocument();
  });

  it("shows the server's message beside the day it refused, and a stale save as someone else's change", async () => {
    settingsServer({
      status: 400,
      body: { successful: false, errorMessages: ['The settings are not valid.'], fieldErrors: { 'BusinessHours[1].Close': ['The closing time must be after the opening time.'] } },
    });
    renderWithProviders(<WorkingHoursModal storeId={2001} storeName="Northwind Toyota" opened onClose={() => {}} />);
    const tuesday = await screen.findByLabelText('Tuesday closes at');
    await userEvent.clear(tuesday);
    await userEvent.type(tuesday, '08:00');
    await userEvent.click(screen.getByRole('button', { name: 'Save hours' }));
    expect(await screen.findByText('The closing time must be after the opening time.')).toBeInTheDocument();

    settingsServer({ status: 409, body: { successful: false, errorMessages: ['The settings were changed by someone else.'] } });
    await userEvent.click(screen.getByRole('button', { name: 'Save hours' }));
    expect(await screen.findByText('Someone else changed these settings')).toBeInTheDocument();
  });
});
