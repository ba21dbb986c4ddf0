import {
  type ActionPreview,
  DURATION_KINDS,
  type DurationKind,
  type EmergencyAction,
  EmergencyLimits,
  type EmergencyTarget,
} from '@lightwell/domain';
import { Alert, Form, InputNumber, Modal, Select, Spin, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useActionPreviewQuery, useEmergencyMutations } from '../../../../api/emergency';
import { commandRefusalCode, reportCommandError, showRefusal } from '../../../../features/control/refusal';
import { useGatewayChoice } from '../../../../features/control/use-gateway-choice';
import { useFormatInstant } from '../../../../hooks/use-format-instant';

/** The sentences of a confirmation: fittings covered, on battery for how long, and what else to know. */
function previewLines(t: TFunction, preview: ActionPreview, format: (at: number) => string): string[] {
  const lines = [t('emergencyPages.preview.fittings', { count: preview.fittings, online: preview.online })];
  if (preview.onBattery > 0) {
    lines.push(
      preview.minutesOnBattery === null
        ? t('emergencyPages.preview.onBatteryUntilEmpty', { count: preview.onBattery })
        : t('emergencyPages.preview.onBattery', { count: preview.onBattery, minutes: preview.minutesOnBattery }),
    );
  } else lines.push(t('emergencyPages.preview.noBattery'));
  if (preview.notCharged > 0) lines.push(t('emergencyPages.preview.notCharged', { count: preview.notCharged }));
  for (const zone of preview.neighbourZones) {
    lines.push(
      t('emergencyPages.preview.neighbours', {
        count: zone.fittings,
        zone: zone.name ?? t('emergencyPages.noZone'),
      }),
    );
  }
  if (preview.reducedCoverUntil !== null) {
    lines.push(t('emergencyPages.preview.reducedCover', { at: format(preview.reducedCoverUntil) }));
  }
  if (preview.inhibitUntil !== null) {
    lines.push(t('emergencyPages.preview.inhibitUntil', { at: format(preview.inhibitUntil) }));
  }
  return lines;
}

/**
 * The fittings an action will not be sent to, one sentence per reason with their names ("resume normal"
 * on fittings in a real emergency); the task's outcome of each says the same.
 */
function heldLines(t: TFunction, preview: ActionPreview): string[] {
  const byReason = new Map<string, string[]>();
  for (const fitting of preview.held)
    byReason.set(fitting.reason, [...(byReason.get(fitting.reason) ?? []), fitting.name]);
  return [...byReason].map(([reason, names]) =>
    t('emergencyPages.preview.held', { names: names.join(', '), reason: t(`emergencyPages.holds.${reason}`) }),
  );
}

interface Options {
  durationKind: DurationKind;
  durationMinutes: number;
  inhibitMinutes: number;
}

/**
 * Confirmation of an emergency action: its options (duration test length, inhibit length), what the
 * server's preview says it will do, and, on confirm, the action sent through the network's gateway.
 */
export function ActionDialog({
  nid,
  action,
  target,
  timeZone,
  onClose,
  onTask,
}: {
  nid: number;
  action: EmergencyAction;
  target: EmergencyTarget;
  timeZone: string;
  onClose: () => void;
  onTask: (taskId: number) => void;
}) {
  const { t } = useTranslation();
  const formatInstant = useFormatInstant();
  const format = (at: number) => formatInstant(at, { timeZone });
  const [options, setOptions] = useState<Options>({
    durationKind: 'preset',
    durationMinutes: 180,
    inhibitMinutes: EmergencyLimits.inhibitMinutes,
  });
  const extra =
    action === 'durationTest'
      ? {
          durationKind: options.durationKind,
          ...(options.durationKind === 'custom' ? { durationMinutes: options.durationMinutes } : {}),
        }
      : action === 'inhibit'
        ? { inhibitMinutes: options.inhibitMinutes }
        : {};
  const preview = useActionPreviewQuery({ nid, target, action, ...extra });
  const { action: run } = useEmergencyMutations();
  const choice = useGatewayChoice(nid);

  const handleOk = () => {
    const fittings = preview.data?.fittings ?? 0;
    const refusal = commandRefusalCode(choice.gateway, fittings);
    if (refusal !== null) {
      showRefusal(refusal);
      return;
    }
    run.mutate(
      { nid, gatewayId: choice.gateway?.id, target, action, ...extra },
      {
        onSuccess: (result) => {
          onTask(result.taskId);
          onClose();
        },
        onError: reportCommandError,
      },
    );
  };

  return (
    <Modal
      open
      title={t(`emergencyPages.actions.confirm.${action}`)}
      okText={t(`emergencyPages.actions.names.${action}`)}
      okButtonProps={{
        // Nothing to send when every fitting is held.
        disabled: !preview.data || preview.data.fittings - preview.data.held.length <= 0,
        danger: action === 'durationTest',
      }}
      confirmLoading={run.isPending}
      cancelText={t('emergencyPages.cancel')}
      onOk={handleOk}
      onCancel={onClose}
      data-testid="action-dialog"
    >
      {action === 'durationTest' && (
        <Form layout="inline" style={{ marginBottom: 12 }}>
          <Form.Item label={t('emergencyPages.fields.durationKind')}>
            <Select<DurationKind>
              aria-label={t('emergencyPages.fields.durationKind')}
              data-testid="action-duration-kind"
              style={{ minWidth: 180 }}
              value={options.durationKind}
              onChange={(value) => setOptions({ ...options, durationKind: value })}
              options={DURATION_KINDS.map((value) => ({ value, label: t(`emergencyPages.durationKinds.${value}`) }))}
            />
          </Form.Item>
          {options.durationKind === 'custom' && (
            <Form.Item label={t('emergencyPages.fields.minutes')}>
              <InputNumber
                aria-label={t('emergencyPages.fields.minutes')}
                min={1}
                max={EmergencyLimits.maxDurationMinutes}
                value={options.durationMinutes}
                onChange={(value) => value !== null && setOptions({ ...options, durationMinutes: value })}
              />
            </Form.Item>
          )}
        </Form>
      )}
      {action === 'inhibit' && (
        <Form layout="inline" style={{ marginBottom: 12 }}>
          <Form.Item label={t('emergencyPages.fields.inhibitMinutes')}>
            <InputNumber
              aria-label={t('emergencyPages.fields.inhibitMinutes')}
              min={1}
              max={EmergencyLimits.maxInhibitMinutes}
              value={options.inhibitMinutes}
              onChange={(value) => value !== null && setOptions({ ...options, inhibitMinutes: value })}
            />
          </Form.Item>
        </Form>
      )}
      {preview.isLoading && <Spin />}
      {preview.isError && <Alert type="warning" showIcon title={preview.error.message} data-testid="preview-error" />}
      {preview.data && (
        <div data-testid="action-preview">
          {previewLines(t, preview.data, format).map((line) => (
            <Typography.Paragraph key={line} style={{ marginBottom: 4 }}>
              {line}
            </Typography.Paragraph>
          ))}
          {heldLines(t, preview.data).map((line) => (
            <Alert key={line} type="warning" showIcon title={line} data-testid="action-held" />
          ))}
        </div>
      )}
    </Modal>
  );
}
