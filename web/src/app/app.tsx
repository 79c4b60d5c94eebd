import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';

import { createQueryClient } from '../lib/query-client';
import { AppProviders } from './providers';
import { createAppRouter } from './router';

/** App is the whole single-page application. */
export function App() {
  const [queryClient] = useState(() => createQueryClient());
  const [router] = useState(createAppRouter);
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
