import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { AppUser, UIDealerSettings } from '../../lib/api/types';
import {
  adminUser,
  bareStoreSettings,
  bdcManagerUser,
  fullStoreSettings,
  managerUser,
  salesUser,
} from '../../testing/fixtures';
import { currentUser, uiDealerSettings, userSettings } from '../../testing/handlers';
import { renderApp } from '../../testing/render';
import { server } from '../../testing/server';
import { navFilterFromPath } from './menu';

const rulesViewer: AppUser = {
  ...salesUser,
  UserId: 'u-gm',
  Name: 'Alex Morgan',
  Permissions: ['pando.cxm.rules.viewonly', 'pando.analytics.tableau.viewer'],
};

const noAnalyticsStores: UIDealerSettings = {
  ...fullStoreSettings,
  FeatureStores: { ...fullStoreSettings.FeatureStores, analytics: [] },
};

const categories = ['Dashboards', 'CXM Logs', 'Data Mining', 'Service', 'Inventory'];
const logs = ['Leads Log', 'Showroom Log', 'Delivery Log'];
const opportunities = ['Opportunities', 'Opportunities Search', 'Priority Opportunities'];
const inventory = ['Service Experience', 'All Inventory'];
const always = ['Customer Search', 'Sales', ...opportunities];
const salesItems = ['Customer Search', 'Sales', ...logs, ...opportunities, ...inventory];

type Case = {
  name: string;
  user: AppUser;
  settings: UIDealerSettings;
  categories: string[];
  items: string[];
};

const cases: Case[] = [
  {
    name: 'sales person',
    user: salesUser,
    settings: fullStoreSettings,
    categories,
    items: salesItems,
  },
  {
    name: 'sales manager',
    user: managerUser,
    settings: fullStoreSettings,
    categories: ['Customer Search', ...categories],
    items: ['Customer Search', 'Reassign Customers', 'Manager', 'Sales', ...logs, 'Call Log', 'Unmatched Sales', ...opportunities, ...inventory, 'Wishlist'],
  },
  {
    name: 'BDC manager with BDC stores',
    user: bdcManagerUser,
    settings: fullStoreSettings,
    categories: ['Customer Search', ...categories],
    items: ['Customer Search', 'Reassign Customers', 'BDC', 'Sales', ...logs, 'Call Log', ...opportunities, ...inventory],
  },
  {
    name: 'BDC manager without BDC, call tracking or lead stores',
    user: bdcManagerUser,
    settings: bareStoreSettings,
    categories: ['Customer Search', 'Dashboards', 'Data Mining', 'Service', 'Inventory'],
    items: ['Customer Search', 'Reassign Customers', ...always.slice(1), ...inventory],
  },
  {
    name: 'dealer admin',
    user: adminUser,
    settings: fullStoreSettings,
    categories: ['Customer Search', ...categories],
    items: [
      'Customer Search',
      'Reassign Customers',
      'Manager',
      'BDC',
      'Sales',
      ...logs,
      'Call Log',
      'Unmatched Sales',
      ...opportunities,
      'SLM Dashboard',
      'SLM Operators',
      ...inventory,
      'Wishlist',
      'Reports',
      'Workflow Manager',
    ],
  },
  {
    name: 'dealer admin in stores without features',
    user: adminUser,
    settings: bareStoreSettings,
    categories: ['Customer Search', ...categories],
    items: [
      'Customer Search',
      'Reassign Customers',
      'Manager',
      'Sales',
      'Unmatched Sales',
      ...opportunities,
      'SLM Operators',
      ...inventory,
      'Wishlist',
      'Workflow Manager',
    ],
  },
  {
    name: 'sales person in stores without lead logs',
    user: salesUser,
    settings: bareStoreSettings,
    categories: ['Dashboards', 'Data Mining', 'Service', 'Inventory'],
    items: [...always, ...inventory],
  },
  {
    name: 'rules viewer with analytics',
    user: rulesViewer,
    settings: fullStoreSettings,
    categories,
    items: [...salesItems, 'Reports', 'Workflow Manager'],
  },
  {
    name: 'analytics permission without analytics stores',
    user: rulesViewer,
    settings: noAnalyticsStores,
    categories,
    items: [...salesItems, 'Workflow Manager'],
  },
];

async function mainMenu(): Promise<HTMLElement> {
  const nav = await screen.findByRole('navigation', { name: 'Main' });
  await waitFor(() => expect(nav).not.toHaveAttribute('aria-busy'));
  return screen.getByRole('navigation', { name: 'Main' });
}

describe('navigation menu visibility', () => {
  it.each(cases)('$name', async ({ user, settings, categories, items }) => {
    server.use(currentUser(user), uiDealerSettings(settings), ...userSettings().handlers);

    renderApp('/app/default');

    const nav = await mainMenu();
    expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual(items);
    expect(within(nav).getAllByRole('heading').map((h) => h.textContent)).toEqual(categories);
  });

  it('shows only the always-shown pages when the store settings cannot be loaded', async () => {
    server.use(currentUser(adminUser), uiDealerSettings(500), ...userSettings().handlers);

    renderApp('/app/default');

    const nav = await mainMenu();
    expect(within(nav).queryByRole('link', { name: 'Leads Log' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Reports' })).not.toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Workflow Manager' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Customer Search' })).toBeInTheDocument();
  });

  it('marks the category of a page outside the menu', async () => {
    server.use(currentUser(salesUser), ...userSettings().handlers);

    renderApp('/app/findbuyer');

    const nav = await mainMenu();
    const inventory = within(nav).getByRole('heading', { name: 'Inventory' });
    expect(inventory.closest('[data-current-category]')).not.toBeNull();
    expect(within(nav).getByRole('heading', { name: 'Service' }).closest('[data-current-category]')).toBeNull();
  });
});

describe('horizontal menu', () => {
  it('opens with the saved option and shows categories across the top', async () => {
    const user = userEvent.setup();
    server.use(currentUser(managerUser), ...userSettings({ horizontalMenu: 'true' }).handlers);

    renderApp('/app/default');

    const nav = await mainMenu();
    // A manager's Customer Search is a category too: the search and the bulk reassignment.
    expect(within(nav).getByRole('button', { name: 'Customer Search' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Manager' })).not.toBeInTheDocument();
    await user.click(within(nav).getByRole('button', { name: 'Dashboards' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['Manager', 'Sales']);
  });

  it('switches from the user menu and saves the option', async () => {
    const user = userEvent.setup();
    const settings = userSettings();
    server.use(currentUser(salesUser), ...settings.handlers);

    renderApp('/app/default');
    await mainMenu();
    expect(screen.getByRole('heading', { name: 'Data Mining' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'User menu: Sam Ortega' }));
    const option = await screen.findByRole('menuitemcheckbox', { name: 'Horizontal menu' });
    expect(option).toHaveAttribute('aria-checked', 'false');
    await user.click(option);

    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(await within(nav).findByRole('button', { name: 'Data Mining' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Data Mining' })).not.toBeInTheDocument();
    expect(settings.requests.filter((r) => r.method === 'PUT')).toEqual([
      { method: 'PUT', key: 'horizontalMenu', scope: '101,102', body: { key: 'horizontalMenu', value: 'true' } },
    ]);
  });
});

describe('navFilterFromPath', () => {
  it.each([
    ['/app/managerdashboard', { category: 'Dashboards', subcategory: 'Manager' }],
    ['/app/calltrackingdashboard', { category: 'CXM Logs', subcategory: 'Call Log' }],
    ['/app/contactsearch', { category: 'Customer Search', subcategory: 'Customer Search' }],
    ['/app/contact/1001000000008', { category: 'Customer Search' }],
    ['/app/findcar', { category: 'Inventory' }],
    ['/app/private/activitygroupsmanagement', { category: 'Workflow Manager' }],
    ['/app/default', null],
    ['/embedded/customersms', null],
  ])('%s → %j', (path, want) => {
    expect(navFilterFromPath(path)).toEqual(want);
  });
});
