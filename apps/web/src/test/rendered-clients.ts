import type { QueryClient } from '@tanstack/react-query';

/** Query clients of the apps rendered in the current test; emptied after each test (setup.ts). */
export const renderedClients = new Set<QueryClient>();
