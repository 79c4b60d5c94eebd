/** AppPage is one page under /app: its route path, its title and what it is for. */
export type AppPage = {
  /** The path under /app, as in the spec's route table (a lowercase page name). */
  path: string;
  /** The page title from the route metadata. */
  title: string;
  /** What the page does, in a sentence for the user. */
  purpose: string;
};

/** appPages are the spec's children of /app, other than the default page. */
export const appPages: readonly AppPage[] = [
  { path: 'managerdashboard', title: 'Manager Dashboard', purpose: 'Team performance, customer engagement and service lead management for managers.' },
  { path: 'bdcdashboard', title: 'BDC Dashboard', purpose: 'Team performance and customer engagement for BDC managers.' },
  { path: 'salesdashboard', title: 'Sales Dashboard', purpose: 'Your leads, tasks and customer engagement.' },
  { path: 'workflowmanager', title: 'Workflow Manager', purpose: 'Workflow rules with their tasks, notifications and filters.' },
  { path: 'contactsearch', title: 'Customer Search', purpose: 'Find customers by name, email, phone, VIN or stock number.' },
  { path: 'contacts/reassign', title: 'Reassign Customers', purpose: "Move a role's customers from one user to another in bulk." },
  { path: 'contact/:contactId', title: 'Customer Profile', purpose: "A customer's snapshot, profile, garage, leads, service, messages and activity." },
  { path: 'showroomdashboard', title: 'Showroom Log', purpose: 'Showroom visits and their steps.' },
  { path: 'deliverydashboard', title: 'Delivery Log', purpose: 'Vehicle deliveries and their steps.' },
  { path: 'leadsdashboard', title: 'Leads Log', purpose: 'Leads for your stores with their status, source and assignment.' },
  { path: 'wishlist', title: 'Wishlist Manager', purpose: 'Vehicles customers are waiting for and the matches found.' },
  { path: 'inventory', title: 'Inventory Beta', purpose: 'Search the vehicles in stock.' },
  { path: 'findbuyer', title: 'Find a Buyer', purpose: 'Customers who may want a given vehicle.' },
  { path: 'findcar', title: 'Find a Car', purpose: 'Vehicles that suit a given customer.' },
  { path: 'calltrackingdashboard', title: 'Call Log', purpose: 'Tracked calls with their recordings and outcomes.' },
  { path: 'priorityopportunities', title: 'Priority Opportunities', purpose: 'The customers most worth contacting now.' },
  { path: 'operatorspanel', title: 'SLM Operators', purpose: 'Service lane management operators.' },
  { path: 'slmdashboard', title: 'SLM', purpose: 'Service lane management.' },
  { path: 'opportunitiesdashboard', title: 'Opportunities', purpose: 'Sales opportunities mined from your customer data.' },
  { path: 'opportunitiessearch', title: 'Opportunities Search', purpose: 'Search and save opportunity filters.' },
  { path: 'serviceexperience', title: 'Service Experience', purpose: 'Service monitor, due and missed service, warranty and appointments.' },
  { path: 'unmatcheddmssales', title: 'Unmatched Sales', purpose: 'DMS sales not yet matched to a customer.' },
  { path: 'reports', title: 'Reports', purpose: 'Saved analytics views.' },
  { path: 'private/activitygroupsmanagement', title: 'Activity Groups', purpose: 'Groups of activity types.' },
  { path: 'private/:pageId', title: 'Activity Management', purpose: 'Activity types and the actions paired with them.' },
  { path: 'productconfig/rulegroupsmanagement', title: 'Rule Groups Management', purpose: 'Groups of workflow rules.' },
];

/** customerProfilePath is the address of a customer's profile under /app. */
export function customerProfilePath(contactId: number): string {
  return `/app/contact/${contactId}`;
}

/** customerSearchPath is the address of Customer Search for a term. */
export function customerSearchPath(term: string): string {
  return `/app/contactsearch?${new URLSearchParams({ q: term })}`;
}

/** embeddedPages are the spec's children of /embedded (and of /mobile, the mobile app's pages). */
export const embeddedPages: readonly AppPage[] = [
  { path: 'dealsheet/*', title: 'DealSheet', purpose: 'A deal with its vehicle, trade-in, payments and products.' },
  { path: 'customerdashboard/*', title: 'Customer Profile', purpose: "A customer's snapshot, profile, garage, leads, service, messages and activity." },
  { path: 'customersms', title: 'Customer SMS', purpose: 'Text messages with a customer.' },
  { path: 'customeremail', title: 'Customer Email', purpose: 'Emails to a customer.' },
  { path: 'customerlogcall', title: 'Customer Log Call', purpose: 'Record a call with a customer.' },
  { path: 'customerlognote', title: 'Customer Log Note', purpose: 'Record a note about a customer.' },
  { path: 'customerappointment', title: 'Customer Appointment', purpose: 'Set an appointment with a customer.' },
  { path: 'customermerge', title: 'Customer Merge', purpose: 'Merge two records of the same customer.' },
  { path: 'dmspush', title: 'Push To DMS', purpose: 'Send a deal to the dealer management system.' },
  { path: 'printforms', title: 'Print Forms', purpose: 'Print the forms of a deal.' },
  { path: 'vehiclehistoryreport', title: 'Vehicle History Report', purpose: "A vehicle's history report." },
];

/** MenuItem is a link in the side navigation. */
export type MenuItem = { label: string; path: string };

/** MenuSection is a heading with its links, or a single top-level link. */
export type MenuSection = { label: string; items: readonly MenuItem[] };

/** menuSections are the navigation categories of the spec, in its order. */
export const menuSections: readonly MenuSection[] = [
  {
    label: 'Customer Search',
    items: [
      { label: 'Customer Search', path: 'contactsearch' },
      { label: 'Reassign Customers', path: 'contacts/reassign' },
    ],
  },
  {
    label: 'Dashboards',
    items: [
      { label: 'Manager', path: 'managerdashboard' },
      { label: 'BDC', path: 'bdcdashboard' },
      { label: 'Sales', path: 'salesdashboard' },
    ],
  },
  {
    label: 'CXM Logs',
    items: [
      { label: 'Leads Log', path: 'leadsdashboard' },
      { label: 'Showroom Log', path: 'showroomdashboard' },
      { label: 'Delivery Log', path: 'deliverydashboard' },
      { label: 'Call Log', path: 'calltrackingdashboard' },
      { label: 'Unmatched Sales', path: 'unmatcheddmssales' },
    ],
  },
  {
    label: 'Data Mining',
    items: [
      { label: 'Opportunities', path: 'opportunitiesdashboard' },
      { label: 'Opportunities Search', path: 'opportunitiessearch' },
      { label: 'Priority Opportunities', path: 'priorityopportunities' },
    ],
  },
  {
    label: 'Service',
    items: [
      { label: 'SLM Dashboard', path: 'slmdashboard' },
      { label: 'SLM Operators', path: 'operatorspanel' },
      { label: 'Service Experience', path: 'serviceexperience' },
    ],
  },
  {
    label: 'Inventory',
    items: [
      { label: 'All Inventory', path: 'inventory' },
      { label: 'Wishlist', path: 'wishlist' },
    ],
  },
  { label: 'Reports', items: [{ label: 'Reports', path: 'reports' }] },
  { label: 'Workflow Manager', items: [{ label: 'Workflow Manager', path: 'workflowmanager' }] },
];
