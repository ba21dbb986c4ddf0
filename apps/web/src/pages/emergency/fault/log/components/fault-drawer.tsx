import { FAULT_STEPS, type Fault, type FaultStep } from '@lightwell/domain';
import { Alert, Button, Collapse, Drawer, Input, List, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEmergencyMutations } from '../../../../../api/emergency';
import { isApiError } from '../../../../../api/errors';
import { toast } from '../../../../../app/feedback';
import { FaultAdvice, FaultSummary } from '../../../../../features/emergency/fault-view';
import { useFormatInstant } from '../../../../../hooks/use-format-instant';
import { useSession } from '../../../../../stores/session';
import { StepForm, type StepValues } from './step-form';

/**
 * A fault's workflow (section 4): cause and advice, safeguard → rectify → verify with time, person and
 * remark, then confirm — disabled until safeguard and rectification are filled; the server's refusal is
 * shown as it answers. Only the confirmer may change a confirmation. Verify books a retest; the fault
 * closes once that retest passes.
 */
export function FaultDrawer({
  fault,
  canAct,
  timeZone,
  onClose,
}: {
  fault: Fault;
  canAct: boolean;
  timeZone: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const uid = useSession((state) => state.uid);
  const userName = useSession((state) => state.name);
  const formatInstant = useFormatInstant();
  const format = (at: number) => formatInstant(at, { timeZone });
  const mutations = useEmergencyMutations();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [remark, setRemark] = useState('');
  const refuse = (error: unknown) => setRefusal(isApiError(error) ? error.message : t('errors.generic'));
  const canConfirm = Boolean(fault.safeguard && fault.rectify);
  const isConfirmer = fault.confirm?.by?.uid === uid;
  const open = canAct && fault.state !== 'closed';

  const saveStep = (step: FaultStep, values: StepValues) =>
    mutations.faultStep.mutate(
      { faultId: fault.id, step, ...values },
      { onSuccess: () => toast.saved(t(`emergencyPages.steps.saved.${step}`)), onError: refuse },
    );
  const confirm = () => {
    setRefusal(null);
    mutations.faultConfirm.mutate(
      { faultId: fault.id, remark },
      { onSuccess: () => toast.saved(t('emergencyPages.confirm.done')), onError: refuse },
    );
  };
  const changeConfirmation = (confirmed: boolean) => {
    setRefusal(null);
    mutations.faultConfirmUpdate.mutate(
      { faultId: fault.id, confirmed, remark },
      { onSuccess: () => toast.saved(t('emergencyPages.confirm.changed')), onError: refuse },
    );
  };

  return (
    <Drawer
      open
      size="large"
      title={t('emergencyPages.faults.drawerTitle', { name: fault.fittingName })}
      onClose={onClose}
      data-testid="fault-drawer"
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <FaultSummary fault={fault} format={format} />
        <Typography.Title level={5}>{t('emergencyPages.faults.causeAdvice')}</Typography.Title>
        <FaultAdvice fault={fault} />
        {open && (
          <Collapse
            defaultActiveKey={FAULT_STEPS.filter((step) => !fault[step]).slice(0, 1)}
            items={FAULT_STEPS.map((step) => ({
              key: step,
              label: t(`emergencyPages.steps.${step}`),
              children: (
                <StepForm
                  step={step}
                  timeZone={timeZone}
                  defaultPerson={userName ?? ''}
                  saving={mutations.faultStep.isPending && mutations.faultStep.variables?.step === step}
                  onSave={(values) => saveStep(step, values)}
                />
              ),
            }))}
          />
        )}
        {canAct && (
          <Space orientation="vertical" style={{ width: '100%' }} data-testid="fault-confirm">
            <Input.TextArea
              rows={2}
              maxLength={1000}
              aria-label={t('emergencyPages.confirm.remark')}
              placeholder={t('emergencyPages.confirm.remark')}
              value={remark}
              onChange={(event) => setRemark(event.target.value)}
            />
            {fault.confirmState === 'toBeConfirmed' ? (
              <Space wrap>
                <Button
                  type="primary"
                  disabled={!canConfirm}
                  loading={mutations.faultConfirm.isPending}
                  data-testid="confirm-fault"
                  onClick={confirm}
                >
                  {t('emergencyPages.confirm.action')}
                </Button>
                {!canConfirm && (
                  <Typography.Text type="secondary">{t('emergencyPages.confirm.needsSteps')}</Typography.Text>
                )}
              </Space>
            ) : isConfirmer ? (
              <Space wrap>
                <Button data-testid="confirm-update" onClick={() => changeConfirmation(true)}>
                  {t('emergencyPages.confirm.updateRemark')}
                </Button>
                <Button danger data-testid="confirm-withdraw" onClick={() => changeConfirmation(false)}>
                  {t('emergencyPages.confirm.withdraw')}
                </Button>
              </Space>
            ) : (
              <Typography.Text type="secondary">
                {t('emergencyPages.confirm.onlyConfirmer', {
                  name: fault.confirm?.by?.name ?? fault.confirm?.person ?? '',
                })}
              </Typography.Text>
            )}
            {refusal && <Alert type="error" showIcon title={refusal} data-testid="fault-refusal" />}
          </Space>
        )}
        <Typography.Title level={5}>{t('emergencyPages.faults.history')}</Typography.Title>
        <List
          size="small"
          data-testid="fault-entries"
          dataSource={fault.entries}
          renderItem={(entry) => (
            <List.Item key={entry.id}>
              <List.Item.Meta
                title={[
                  t(`emergencyPages.entryKinds.${entry.kind}`),
                  entry.grade ? t(`emergencyPages.grades.${entry.grade}`) : '',
                  format(entry.at),
                ]
                  .filter(Boolean)
                  .join(' · ')}
                description={[entry.person, entry.remark].filter(Boolean).join(' · ')}
              />
            </List.Item>
          )}
        />
      </Space>
    </Drawer>
  );
}
