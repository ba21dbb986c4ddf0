import { ElementType, type MemberOption, type Scene } from '@lightwell/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { controlKeys } from '../../../../api/control';
import { groupKeys } from '../../../../api/group';
import { testUser } from '../../../../test/render-app';
import { fakeApi, renderComponent } from '../../../../test/render-component';
import { SceneDevicesDialog } from './scene-devices-dialog';

const nid = 3;
const option = (id: number, name: string): MemberOption => ({
  id,
  name,
  kind: 'luminaire',
  mac: `A4C13800000${id}`,
  isVirtual: false,
  sceneSlotsUsed: 1,
});
const element = (type: number) => ({ index: 0, type, onOff: 1, lightness: 80, cct: null, status: 0 });
const scene: Scene = {
  id: 21,
  nid,
  number: 4,
  name: 'Meeting',
  type: 'generic',
  image: null,
  fadeTime: 2,
  params: {},
  curve: null,
  builtIn: null,
  devices: [{ deviceId: 1, slot: 0, onOff: 1, lightness: 80, cct: 3000, isVirtual: false }],
  createTime: 0,
};

async function renderDialog() {
  return renderComponent(<SceneDevicesDialog nid={nid} scene={scene} onClose={() => undefined} />, {
    seed: (client) => {
      client.setQueryData(groupKeys.options(testUser.uid, nid), [option(1, 'Tunable panel'), option(2, 'Downlight')]);
      client.setQueryData(controlKeys.deviceState(testUser.uid, nid), {
        devices: [
          { id: 1, nodeIds: [], online: true, elements: [element(ElementType.dt8)] },
          { id: 2, nodeIds: [], online: true, elements: [element(ElementType.dt6)] },
        ],
      });
    },
  });
}

describe('scene devices dialog', { timeout: 60_000 }, () => {
  it('sets a colour temperature for colour-tuning (DT8) luminaires only, and saves it', async () => {
    const api = fakeApi({ sceneDeviceSet: scene });
    await renderDialog();
    const cct = screen.getByLabelText('Colour temperature of Tunable panel (K)') as HTMLInputElement;
    expect(cct.value).toBe('3000');

    fireEvent.click(screen.getByRole('checkbox', { name: 'Downlight' }));
    const row = screen.getByText('Downlight').closest('tr') as HTMLElement;
    expect(within(row).getAllByRole('spinbutton')).toHaveLength(1); // the level, no colour temperature
    expect(screen.queryByLabelText('Colour temperature of Downlight (K)')).toBeNull();

    fireEvent.change(cct, { target: { value: '4500' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.bodiesOf('sceneDeviceSet')).toHaveLength(1));
    expect(api.bodiesOf('sceneDeviceSet')[0]).toMatchObject({
      sceneId: 21,
      devices: [
        { deviceId: 1, onOff: 1, lightness: 80, cct: 4500 },
        { deviceId: 2, onOff: 1, lightness: 100 },
      ],
    });
    const [tunable, plain] = api.bodiesOf('sceneDeviceSet')[0]!.devices as Record<string, unknown>[];
    expect(Object.keys(tunable!).sort()).toEqual(['cct', 'deviceId', 'lightness', 'onOff']);
    expect(plain).not.toHaveProperty('cct');
  });
});
