import { fireEvent, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { controlKeys } from '../../../../api/control';
import { testUser } from '../../../../test/render-app';
import { renderComponent } from '../../../../test/render-component';
import { TaskTable } from './task-table';

const nid = 4;

describe('task table', { timeout: 60_000 }, () => {
  it('without tasks says how commands are sent and opens the plan', async () => {
    const router = createMemoryRouter(
      [
        { path: '/remote/network', element: <TaskTable nid={nid} /> },
        { path: '/remote/index', element: <p>plan page</p> },
      ],
      { initialEntries: ['/remote/network'] },
    );
    await renderComponent(<RouterProvider router={router} />, {
      seed: (client) =>
        client.setQueryData(controlKeys.taskPage(testUser.uid, nid, 1, testUser.pageNumber), { list: [], total: 0 }),
    });
    const empty = await screen.findByTestId('tasks-empty');
    expect(empty.textContent).toContain('No commands sent yet. Switch the network on or off above');
    fireEvent.click(screen.getByRole('button', { name: /Open the plan/ }));
    expect(await screen.findByText('plan page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/remote/index');
  });
});
