import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { iconCache } from '../features/devices/icon-cache';
import { useSession } from '../stores/session';
import { testUser } from '../test/render-app';
import { fakeApi } from '../test/render-component';
import { endSession } from './end-session';

const createObjectURL = URL.createObjectURL;
const revokeObjectURL = URL.revokeObjectURL;
afterEach(() => {
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
});

describe('end of a session', () => {
  it('forgets the product icons fetched for the user', async () => {
    const api = fakeApi({
      productIcon: { productId: 4, fileName: 'icon-a.png', mime: 'image/png', data: btoa('png') },
    });
    URL.createObjectURL = vi.fn(() => 'blob:icon');
    URL.revokeObjectURL = vi.fn();
    useSession.getState().signIn(testUser);
    expect(await iconCache.get(4, 'icon-a.png')).toBe('blob:icon');
    await iconCache.get(4, 'icon-a.png');
    expect(api.bodiesOf('productIcon')).toHaveLength(1);

    endSession(new QueryClient());
    expect(useSession.getState().token).toBeNull();
    await vi.waitFor(() => expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:icon'));

    useSession.getState().signIn(testUser);
    await iconCache.get(4, 'icon-a.png');
    expect(api.bodiesOf('productIcon')).toHaveLength(2);
  });
});
