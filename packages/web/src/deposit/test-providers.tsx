import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { AppProviders } from '../AppProviders.tsx';

/** Renders one piece of the editor with the app's providers (Mantine, queries). */
export function renderWithProviders(ui: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const user = userEvent.setup();
  render(
    <AppProviders queryClient={queryClient} env="test">
      {ui}
    </AppProviders>,
  );
  return { user };
}
