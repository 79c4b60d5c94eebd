import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';

import type { ProcessView } from '../../../lib/api/types';
import { renderWithProviders } from '../../../testing/render';
import { server } from '../../../testing/server';
import { ProcessDashboard } from './process-dashboard';

const overdue: ProcessView = {
  ProcessId: 'P-2', GroupId: 'P-2', WorkflowTemplateId: 9001, TemplateName: 'Delivery checklist', Title: 'Delivery checklist', AccountPlatformId: 101,
  ContactId: 5001, Status: 150, StatusText: 'Overdue', StartedAt: '2026-11-28T15:00:00Z', StartedBy: 'u-sales', Version: 1, ContactName: 'Ana Diaz',
  StoreName: 'Northwind Toyota', CurrentStepName: 'Vehicle ready', CurrentStepInstanceId: 'P-2-1', StepsDone: 0,
  Steps: [],
};

describe('ProcessDashboard', () => {
  it('shows the counts and lists the processes of the stores, narrowed by status', async () => {
    const user = userEvent.setup();
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.post('*/pando/workflow/dashboardCounts', () => HttpResponse.json({ successful: true, data: { InProgress: 2, Overdue: 1, Completed: 4, Cancelled: 0, Total: 7 } })),
      http.post('*/pando/workflow/processDashboard', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        return HttpResponse.json({ successful: true, data: [overdue], pageData: { pageTotal: 1, pageNumber: 1, pageSize: 10, totalRecords: 1 } });
      }),
    );
    renderWithProviders(
      <MemoryRouter>
        <ProcessDashboard stores={[101]} profilePath={(id) => `/app/contact/${id}`} />
      </MemoryRouter>,
    );
    await expect.poll(() => screen.getByLabelText('Overdue processes').textContent).toBe('1');
    expect(screen.getByLabelText('All processes')).toHaveTextContent('7');
    const table = await screen.findByRole('table', { name: 'Processes' });
    expect(within(table).getByRole('link', { name: 'Ana Diaz' })).toHaveAttribute('href', '/app/contact/5001');
    expect(within(table).getByText('Overdue')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Overdue' }));
    await expect.poll(() => bodies.at(-1)).toMatchObject({ AccountPlatformIds: [101], Status: 150, pageNumber: 1 });
  });
});
