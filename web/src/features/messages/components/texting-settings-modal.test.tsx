import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';

import type { TextingSettings, TextingSettingsChange } from '../../../lib/api/types';
import { renderWithProviders } from '../../../testing/render';
import { server } from '../../../testing/server';
import { TextingSettingsModal } from './texting-settings-modal';

const read: TextingSettings = {
  accountPlatformId: 2001,
  quietStart: '21:00',
  quietEnd: '08:00',
  helpText: '',
  defaultHelpText: 'Northwind Toyota: texts about your vehicle and visits. Reply STOP to opt out, START to opt back in.',
  version: 2,
  canEdit: true,
};

/** settingsServer answers the store's texting settings and records each save; fail answers the save. */
function settingsServer(settings: TextingSettings, fail?: { status: number; body: Record<string, unknown> }) {
  const saves: TextingSettingsChange[] = [];
  server.use(
    http.get('*/api/texting/settings/2001', () => HttpResponse.json({ successful: true, data: settings })),
    http.put('*/api/texting/settings/2001', async ({ request }) => {
      const body = (await request.json()) as TextingSettingsChange;
      saves.push(body);
      if (fail) return HttpResponse.json(fail.body, { status: fail.status });
      return HttpResponse.json({ successful: true, data: { ...settings, ...body, version: settings.version + 1 } });
    }),
  );
  return saves;
}

describe('TextingSettingsModal', () => {
  it('saves new quiet hours and a HELP answer at the version they were read at', async () => {
    const saves = settingsServer(read);
    const onClose = vi.fn();
    renderWithProviders(<TextingSettingsModal storeId={2001} storeName="Northwind Toyota" opened onClose={onClose} />);

    const start = await screen.findByLabelText('Quiet hours start');
    expect(start).toHaveValue('21:00');
    await userEvent.clear(start);
    await userEvent.type(start, '20:30');
    await userEvent.type(screen.getByLabelText(/Answer to HELP/), 'Northwind Toyota: call us at 503-555-0100. Reply STOP to opt out.');
    await userEvent.click(screen.getByRole('button', { name: 'Save texting settings' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(saves).toEqual([{ quietStart: '20:30', quietEnd: '08:00', helpText: 'Northwind Toyota: call us at 503-555-0100. Reply STOP to opt out.', version: 2 }]);
    expect(await screen.findByText('The texting settings are saved.')).toBeInTheDocument();
  });

  it("shows the server's field error beside its field, and a stale save as someone else's change", async () => {
    settingsServer(read, {
      status: 400,
      body: { successful: false, errorMessages: ['The texting settings are not valid.'], fieldErrors: { quietEnd: 'Enter the end of the quiet hours as HH:MM (08:00).' } },
    });
    renderWithProviders(<TextingSettingsModal storeId={2001} storeName="Northwind Toyota" opened onClose={() => {}} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Save texting settings' }));
    expect(await screen.findByText('Enter the end of the quiet hours as HH:MM (08:00).')).toBeInTheDocument();

    settingsServer(read, { status: 409, body: { successful: false, errorMessages: ['The texting settings were changed by someone else.'] } });
    await userEvent.click(screen.getByRole('button', { name: 'Save texting settings' }));
    expect(await screen.findByText('Someone else changed these settings')).toBeInTheDocument();
  });

  it('shows the settings read-only to a user who may not change them', async () => {
    settingsServer({ ...read, canEdit: false, helpText: 'Custom help' });
    renderWithProviders(<TextingSettingsModal storeId={2001} storeName="Northwind Toyota" opened onClose={() => {}} />);
    expect(await screen.findByLabelText(/Answer to HELP/)).toHaveValue('Custom help');
    expect(screen.getByLabelText('Quiet hours start')).toHaveAttribute('readonly');
    expect(screen.getByText(/Only the store's administrators change them/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save texting settings' })).not.toBeInTheDocument();
  });
});
