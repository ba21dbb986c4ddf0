import { describe, expect, it } from 'vitest';
import { nonLinearLightLevel, scaleD4iBank } from './d4i.ts';
import { chooseGateway, gatewayOperationRefusal, isGatewayOnline, normaliseGatewayOnLoad } from './gateway.ts';
import { deviceStatusFlags, lightHealth, nodeHasProblem, nodeStatusFlag } from './status.ts';

const gw = (id: number, gatewayType: number, status: number, meshStatus: number) => ({
  id,
  gatewayType,
  status,
  meshStatus,
});

describe('gateways (sections 4, 5)', () => {
  it.each([
    [gw(1, 3, 2, 0), true],
    [gw(1, 1, 2, 1), true],
    [gw(1, 1, 2, 0), false],
    [gw(1, 3, 1, 1), false],
  ])('%j online: %s', (gateway, online) => {
    expect(isGatewayOnline(gateway)).toBe(online);
  });

  it('marks a type-3 gateway with status 2 mesh-ready on load', () => {
    expect(normaliseGatewayOnLoad(gw(1, 3, 2, 0)).meshStatus).toBe(1);
    expect(normaliseGatewayOnLoad(gw(1, 1, 2, 0)).meshStatus).toBe(0);
  });

  it('reuses the remembered gateway, else the first online mesh gateway, else the first', () => {
    const list = [gw(1, 1, 1, 0), gw(2, 1, 2, 1), gw(3, 3, 2, 1)];
    expect(chooseGateway(list, 3)?.id).toBe(3);
    expect(chooseGateway(list, 99)?.id).toBe(2);
    expect(chooseGateway([gw(1, 1, 1, 0), gw(4, 1, 1, 0)], null)?.id).toBe(1);
    expect(chooseGateway([], 3)).toBeNull();
  });

  it('refuses operations with loc933, loc934 and loc938', () => {
    expect(gatewayOperationRefusal(gw(1, 3, 2, 1), 0)).toBe('loc933');
    expect(gatewayOperationRefusal(gw(1, 3, 1, 1), 2)).toBe('loc934');
    expect(gatewayOperationRefusal(gw(1, 1, 2, 0), 2)).toBe('loc938');
    expect(gatewayOperationRefusal(gw(1, 3, 2, 0), 2)).toBeNull();
  });
});

describe('light and node status (section 4)', () => {
  const now = 1_000_000;
  it.each([
    [1, 'lampFault'],
    [2, 'driverFault'],
    [3, 'lampAndDriverFault'],
    [0, 'normal'],
    [7, 'normal'],
  ])('status %i is %s', (status, health) => {
    expect(lightHealth({ status, isD4i: false }, now)).toBe(health);
  });

  it('counts a D4i status only while its bank is under 86400 s old', () => {
    expect(lightHealth({ status: 1, isD4i: true, bankUpdateTime: now - 86_399 }, now)).toBe('lampFault');
    expect(lightHealth({ status: 1, isD4i: true, bankUpdateTime: now - 86_400 }, now)).toBe('normal');
    expect(lightHealth({ status: 1, isD4i: true, bankUpdateTime: null }, now)).toBe('normal');
  });

  it('flags nodes: 0 offline as 3, 2 second fault as 2; any element problem raises the flag', () => {
    expect([0, 1, 2].map(nodeStatusFlag)).toEqual([3, 0, 2]);
    expect(nodeHasProblem([{ problem: false }, { problem: true }])).toBe(true);
    expect(nodeHasProblem([{ problem: false }])).toBe(false);
  });

  it('reads device status flags bit by bit; 255 is invalid', () => {
    expect(deviceStatusFlags(0b0000_0101)).toEqual(['controlGearFault', 'lampOn']);
    expect(deviceStatusFlags(0b1000_0000)).toEqual(['externalPowerCut']);
    expect(deviceStatusFlags(255)).toEqual(['invalidValue']);
  });
});

describe('D4i (section 9)', () => {
  it('scales a bank: power factor /100, voltages /10, current /1000, temperatures -60, life x1000, starts x100', () => {
    expect(
      scaleD4iBank({
        gearPowerFactor: 95,
        gearExternalVoltage: 2301,
        gearTemperature: 105,
        lightSourceVoltage: 365,
        lightSourceCurrent: 700,
        lightSourceTemperature: 120,
        ratedLifeOfLuminaire: 50,
        gearReferenceTemperature: 85,
        ratedLightSourceStarts: 300,
      }),
    ).toEqual({
      gearPowerFactor: 0.95,
      gearExternalVoltage: 230.1,
      gearTemperature: 45,
      lightSourceVoltage: 36.5,
      lightSourceCurrent: 0.7,
      lightSourceTemperature: 60,
      ratedLifeOfLuminaire: 50_000,
      gearReferenceTemperature: 25,
      ratedLightSourceStarts: 30_000,
    });
  });

  it.each([
    [100, 100],
    [0, 0],
    [50, 3],
    [75, 18],
    [90, 50],
  ])('non-linear level %i%% gives %i', (level, output) => {
    expect(nonLinearLightLevel(level)).toBe(output);
  });
});
