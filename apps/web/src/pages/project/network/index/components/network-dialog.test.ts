import { NetworkUpdateSchema } from '@lightwell/domain';
import { describe, expect, it } from 'vitest';
import { updatePayload } from './network-dialog';

describe('network update payload (section 7: key field with serialised network, pid)', () => {
  it('serialises id, name, category, price in currency units and currency under key', () => {
    const payload = updatePayload(
      { id: 5, pid: 2 },
      { name: '  Hall B ', category: 'office', electricityPrice: 0.25, currency: 'GBP', userType: 2 },
    );
    expect(payload.pid).toBe(2);
    const key = JSON.parse(payload.key) as unknown;
    expect(key).toEqual({ id: 5, name: 'Hall B', category: 'office', electricityPrice: 0.25, currency: 'GBP' });
    expect(NetworkUpdateSchema.safeParse(key).success).toBe(true);
  });
});
