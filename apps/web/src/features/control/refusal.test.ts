import { Code } from '@lightwell/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/errors';
import { toast } from '../../app/feedback';
import { commandRefusalCode, REFUSAL_MESSAGE_MS, reportCommandError, showRefusal } from './refusal';

const gw = (gatewayType: number, status: number, meshStatus: number) => ({ id: 1, gatewayType, status, meshStatus });

describe('command refusals (section 5)', () => {
  afterEach(() => vi.restoreAllMocks());

  it.each([
    ['no gateway', null, 3, Code.noGateway],
    ['no device selected (loc933)', gw(3, 2, 1), 0, Code.noDeviceSelected],
    ['gateway not online (loc934)', gw(3, 1, 1), 3, Code.gatewayOffline],
    ['non-type-3 gateway not mesh-ready (loc938)', gw(1, 2, 0), 3, Code.meshOffline],
    ['type-3 gateway online', gw(3, 2, 0), 3, null],
    ['mesh-ready gateway online', gw(1, 2, 1), 1, null],
  ])('%s', (_name, gateway, devices, code) => {
    expect(commandRefusalCode(gateway, devices)).toBe(code);
  });

  it('shows each refusal message as an error for exactly 3 seconds', () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => undefined);
    showRefusal(Code.noDeviceSelected);
    showRefusal(Code.gatewayOffline);
    showRefusal(Code.meshOffline);
    expect(REFUSAL_MESSAGE_MS).toBe(3000);
    expect(error.mock.calls).toEqual([
      ['No device is selected. Select at least one device.', 3000],
      ['The gateway is offline. Check its power and internet connection, then try again.', 3000],
      ["The gateway's mesh is offline. Wait until the gateway reports the mesh ready, then try again.", 3000],
    ]);
  });

  it('shows the server refusals 1070-1075 for 3 seconds and other errors as usual', () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => undefined);
    reportCommandError(new ApiError(Code.gatewayBusy, null, 'busy'));
    reportCommandError(new ApiError(Code.deviceNotOnline, null, 'offline'));
    expect(error.mock.calls).toEqual([
      ['The gateway is executing a task, so the new one was not added. Wait for it to finish or cancel it.', 3000],
      ['The device is not online. Check that it is powered and within reach of the mesh.', 3000],
    ]);
    error.mockClear();
    reportCommandError(new ApiError(Code.noPermission, null, 'no permission'));
    expect(error).toHaveBeenCalledWith('no permission');
  });
});
