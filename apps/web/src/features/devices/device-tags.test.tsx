import { decodeElement } from '@lightwell/domain';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderComponent } from '../../test/render-component';
import { ElementStatusTags } from './device-tags';

const NOW = 1_767_225_600; // 2026-01-01 00:00:00 UTC

const element = decodeElement(
  {
    index: 0,
    type: 1,
    isD4i: false,
    isLinear: true,
    onOff: 1,
    lightness: 50,
    cct: null,
    status: 0,
    // The status byte's top bit: external power cut.
    flags: 0b1000_0000,
    d4iBank: null,
    bankAt: null,
    mode: null,
    faultBits: null,
    lux: null,
    triggeredAt: null,
  },
  NOW,
);

afterEach(cleanup);

describe('device status flags', () => {
  it('names the external power cut with its section 9 threshold, over 5 s', async () => {
    await renderComponent(<ElementStatusTags element={element} />);
    expect(screen.getByText('External power cut over 5 s')).toBeTruthy();
  });
});
