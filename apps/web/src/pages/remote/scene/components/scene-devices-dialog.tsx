import { Code, SCENE_SLOTS, type Scene, type SceneDeviceState } from '@lightwell/domain';
import { Alert, Checkbox, InputNumber, Modal, Switch, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeviceStateQuery } from '../../../../api/control';
import { isApiError } from '../../../../api/errors';
import { useMemberOptionsQuery } from '../../../../api/group';
import { useSceneMutations } from '../../../../api/scene';
import { toast } from '../../../../app/feedback';
import { tunableDeviceIds } from '../../../../features/control/light-look';
import type { DeviceStateRow } from '../../../../features/live/merge';

type State = Required<Pick<SceneDeviceState, 'deviceId' | 'onOff' | 'lightness'>> & { cct?: number | null };

/** Colour temperatures a scene may set, in kelvin (the scene contract's range). */
const CCT_RANGE = { min: 1000, max: 20000 } as const;

/** The state a scene keeps for one of its devices, as the contract takes it (no slot or virtual flag). */
const stateOf = (device: Scene['devices'][number]): State => ({
  deviceId: device.deviceId,
  onOff: device.onOff === 0 ? 0 : 1,
  lightness: device.lightness,
  cct: device.cct,
});

/**
 * Picks a scene's luminaires and the state each keeps: on/off, level, and the colour temperature of
 * colour-tuning (DT8) luminaires only. A luminaire in 16 scenes is explained, not saved.
 */
export function SceneDevicesDialog({ nid, scene, onClose }: { nid: number; scene: Scene; onClose: () => void }) {
  const { t } = useTranslation();
  const options = useMemberOptionsQuery(nid);
  const reported = useDeviceStateQuery(nid);
  const tunable = tunableDeviceIds((reported.data?.devices ?? []) as readonly DeviceStateRow[]);
  const { setDevices } = useSceneMutations();
  const [states, setStates] = useState<Map<number, State>>(
    () => new Map(scene.devices.map((d) => [d.deviceId, stateOf(d)])),
  );
  const [full, setFull] = useState<string[]>([]);
  const lights = (options.data ?? []).filter((device) => device.kind === 'luminaire');

  const toggle = (deviceId: number, on: boolean) =>
    setStates((current) => {
      const next = new Map(current);
      if (on) next.set(deviceId, { deviceId, onOff: 1, lightness: 100 });
      else next.delete(deviceId);
      return next;
    });
  const patch = (deviceId: number, change: Partial<State>) =>
    setStates((current) => new Map(current).set(deviceId, { ...current.get(deviceId)!, ...change }));

  const handleSave = () =>
    setDevices.mutate(
      {
        sceneId: scene.id,
        // Only a colour-tuning luminaire keeps a colour temperature.
        devices: [...states.values()].map(({ cct, ...state }) =>
          tunable.has(state.deviceId) ? { ...state, cct: cct ?? null } : state,
        ),
      },
      {
        onSuccess: () => {
          toast.saved(t('scene.messages.devicesSaved'));
          onClose();
        },
        onError: (error) => {
          if (isApiError(error, Code.sceneSlotsFull)) {
            const devices = (error.data as { devices?: { name: string }[] } | null)?.devices ?? [];
            setFull(devices.map((d) => d.name));
          }
        },
      },
    );

  return (
    <Modal
      open
      width={760}
      title={t('scene.devices.title', { name: scene.name })}
      okText={t('common.actions.save')}
      cancelText={t('common.actions.cancel')}
      confirmLoading={setDevices.isPending}
      onOk={handleSave}
      onCancel={onClose}
      destroyOnHidden
    >
      {full.length > 0 && (
        <Alert
          type="error"
          showIcon
          data-testid="scene-slots-full"
          title={t('scene.devices.slotsFull', { names: full.join(', ') })}
          style={{ marginBottom: 12 }}
        />
      )}
      <Table
        size="small"
        rowKey="id"
        loading={options.isLoading}
        dataSource={lights}
        pagination={false}
        scroll={{ x: 'max-content', y: 360 }}
        columns={[
          {
            key: 'pick',
            width: 48,
            render: (_, device) => (
              <Checkbox
                aria-label={device.name}
                checked={states.has(device.id)}
                onChange={(event) => toggle(device.id, event.target.checked)}
              />
            ),
          },
          { title: t('scene.columns.name'), dataIndex: 'name' },
          {
            key: 'slots',
            render: (_, device) => {
              const used = device.sceneSlotsUsed - (scene.devices.some((d) => d.deviceId === device.id) ? 1 : 0);
              return <Tag color={used >= SCENE_SLOTS ? 'red' : 'default'}>{t('scene.devices.slots', { used })}</Tag>;
            },
          },
          {
            title: t('scene.devices.state'),
            key: 'state',
            render: (_, device) => {
              const state = states.get(device.id);
              if (!state) return null;
              return <Switch checked={state.onOff === 1} onChange={(on) => patch(device.id, { onOff: on ? 1 : 0 })} />;
            },
          },
          {
            title: t('scene.devices.lightness'),
            key: 'lightness',
            render: (_, device) => {
              const state = states.get(device.id);
              if (!state) return null;
              return (
                <InputNumber
                  min={0}
                  max={100}
                  value={state.lightness}
                  onChange={(value) => patch(device.id, { lightness: Number(value ?? 0) })}
                />
              );
            },
          },
          {
            title: t('scene.devices.cct'),
            key: 'cct',
            render: (_, device) => {
              const state = states.get(device.id);
              if (!state || !tunable.has(device.id)) return null;
              return (
                <InputNumber
                  aria-label={t('scene.devices.cctOf', { name: device.name })}
                  {...CCT_RANGE}
                  step={100}
                  precision={0}
                  value={state.cct ?? null}
                  onChange={(value) => patch(device.id, { cct: value === null ? null : Number(value) })}
                />
              );
            },
          },
        ]}
      />
    </Modal>
  );
}
