import type { CallInput } from '@lightwell/domain';
import { useCallback, useState } from 'react';
import { useControlLightMutation, useControlSceneMutation } from '../../api/control';
import { commandRefusalCode, reportCommandError, showRefusal } from './refusal';
import { type GatewayChoice, useGatewayChoice } from './use-gateway-choice';

/** What a light command targets. */
export type LightTarget = CallInput<'controlLight'>['target'];

/** Light settings of one command. */
export interface LightSettings {
  onOff?: 0 | 1;
  lightness?: number;
  cct?: number;
}

/** Commands of one network through its chosen gateway, and the task the last one created. */
export interface NetworkControl {
  choice: GatewayChoice;
  /** Task of the last command sent from here; null before the first. */
  taskId: number | null;
  pending: boolean;
  /** Sends a light command for `devices` devices, unless the section-5 checks refuse it. */
  sendLight: (target: LightTarget, settings: LightSettings, devices: number) => void;
  /** Recalls a scene for `devices` devices, unless the section-5 checks refuse it. */
  recallScene: (sceneId: number, devices: number) => void;
}

/**
 * Remote control of network `nid`: the remembered gateway choice, the section-5 checks before sending
 * (refusals shown for 3 seconds), the server's refusals shown the same way, and the last task.
 */
export function useNetworkControl(nid: number): NetworkControl {
  const choice = useGatewayChoice(nid);
  const light = useControlLightMutation();
  const scene = useControlSceneMutation();
  const [taskId, setTaskId] = useState<number | null>(null);
  const gateway = choice.gateway;

  const allowed = useCallback(
    (devices: number) => {
      const code = commandRefusalCode(gateway, devices);
      if (code !== null) showRefusal(code);
      return code === null;
    },
    [gateway],
  );
  const handlers = { onSuccess: (task: { id: number }) => setTaskId(task.id), onError: reportCommandError };

  const sendLight = (target: LightTarget, settings: LightSettings, devices: number) => {
    if (!allowed(devices) || !gateway) return;
    light.mutate({ nid, gatewayId: gateway.id, target, ...settings }, handlers);
  };
  const recallScene = (sceneId: number, devices: number) => {
    if (!allowed(devices) || !gateway) return;
    scene.mutate({ nid, gatewayId: gateway.id, sceneId }, handlers);
  };
  return { choice, taskId, pending: light.isPending || scene.isPending, sendLight, recallScene };
}
