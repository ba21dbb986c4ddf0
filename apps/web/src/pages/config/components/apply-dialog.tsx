import type { ProfileApplyOutcome, ProfileSummary } from '@lightwell/domain';
import { Alert, Form, List, Modal, Select, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageForCode } from '../../../api/errors';
import { useProfileApplyMutation } from '../../../api/profile';
import { useProjectInfoQuery } from '../../../api/project';
import { useZoneMapQuery } from '../../../api/zone';
import { useSession } from '../../../stores/session';

interface ApplyValues {
  nids: number[];
  zoneNetwork: number | null;
  zoneIds: number[];
}

/**
 * Applies a profile to whole networks and to zones of one network of the current project; afterwards
 * it shows per network whether the devices were sent the profile or why not (the profile is stored
 * either way).
 */
export function ApplyDialog({ profile, onClose }: { profile: ProfileSummary; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ApplyValues>();
  const pid = useSession((state) => state.pid);
  const projects = useProjectInfoQuery();
  const networks = projects.data?.find((p) => p.id === pid)?.networks ?? [];
  const zoneNetwork = Form.useWatch('zoneNetwork', form) ?? null;
  const zones = useZoneMapQuery(zoneNetwork).data?.zones ?? [];
  const apply = useProfileApplyMutation();
  const [outcomes, setOutcomes] = useState<ProfileApplyOutcome[] | null>(null);
  const networkName = (nid: number) =>
    networks.find((n) => n.id === nid)?.name ?? t('profile.apply.networkFallback', { nid });

  const handleSubmit = (values: ApplyValues) =>
    apply.mutate(
      { profileId: profile.id, nids: values.nids ?? [], zoneIds: values.zoneIds ?? [] },
      { onSuccess: (data) => setOutcomes(data.outcomes) },
    );

  const validateChoice = async () => {
    const { nids, zoneIds } = form.getFieldsValue();
    if ((nids?.length ?? 0) + (zoneIds?.length ?? 0) === 0) throw new Error(t('profile.apply.nothing'));
  };

  return (
    <Modal
      open
      title={t('profile.apply.title', { name: profile.name })}
      okText={outcomes ? t('profile.apply.close') : t('profile.apply.submit')}
      cancelText={t('common.actions.cancel')}
      cancelButtonProps={{ style: outcomes ? { display: 'none' } : undefined }}
      confirmLoading={apply.isPending}
      onOk={() => (outcomes ? onClose() : form.submit())}
      onCancel={onClose}
      destroyOnHidden
    >
      {outcomes ? (
        <List
          data-testid="profile-apply-outcomes"
          dataSource={outcomes}
          renderItem={(outcome) => (
            <List.Item>
              <Typography.Text strong>{networkName(outcome.nid)}</Typography.Text>
              {outcome.code === 0 ? (
                <Tag color="success">{t('profile.apply.sent', { count: outcome.devices })}</Tag>
              ) : (
                <Tag color="warning">{t('profile.apply.storedBecause', { reason: messageForCode(outcome.code) })}</Tag>
              )}
            </List.Item>
          )}
        />
      ) : (
        <Form
          form={form}
          layout="vertical"
          name="profile-apply"
          initialValues={{ nids: [], zoneIds: [], zoneNetwork: null }}
          onFinish={handleSubmit}
        >
          {networks.length === 0 && <Alert type="info" showIcon message={t('profile.apply.noNetworks')} />}
          <Form.Item name="nids" label={t('profile.apply.networks')} rules={[{ validator: validateChoice }]}>
            <Select mode="multiple" options={networks.map((n) => ({ value: n.id, label: n.name }))} />
          </Form.Item>
          <Form.Item name="zoneNetwork" label={t('profile.apply.zoneNetwork')}>
            <Select
              allowClear
              options={networks.map((n) => ({ value: n.id, label: n.name }))}
              onChange={() => form.setFieldValue('zoneIds', [])}
            />
          </Form.Item>
          <Form.Item name="zoneIds" label={t('profile.apply.zones')}>
            <Select
              mode="multiple"
              disabled={zoneNetwork === null}
              options={zones.map((z) => ({ value: z.id, label: z.name }))}
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
