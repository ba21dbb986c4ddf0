import type { NetworkSummary } from '@lightwell/domain';
import { Alert, Form, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMoveTargetsQuery, useNetworkBatchMoveMutation, useNetworkMoveMutation } from '../../../../../api/network';
import { toast } from '../../../../../app/feedback';

/**
 * Dialog to move one network (`move/save`) or several at once (`patch/move/save`) to another project,
 * chosen from the projects the server lists for every one of them. Success closes it on the reloaded list.
 */
export function MoveDialog({
  networks,
  onMoved,
  onClose,
}: {
  networks: NetworkSummary[];
  onMoved: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ pid: number }>();
  const { targets, loading } = useMoveTargetsQuery(networks.map((network) => network.id));
  const move = useNetworkMoveMutation();
  const batch = useNetworkBatchMoveMutation();
  const [single] = networks;
  const isBatch = networks.length > 1;

  const handleSubmit = ({ pid }: { pid: number }) => {
    const onSuccess = () => {
      toast.saved(isBatch ? t('network.messages.batchMoved', { count: networks.length }) : t('network.messages.moved'));
      onMoved();
    };
    if (isBatch) batch.mutate({ nids: networks.map((network) => network.id), pid }, { onSuccess });
    else if (single) move.mutate({ nid: single.id, pid }, { onSuccess });
  };

  return (
    <Modal
      open
      title={
        isBatch
          ? t('network.move.batchTitle', { count: networks.length })
          : t('network.move.title', { name: single?.name })
      }
      okText={t('network.move.submit')}
      cancelText={t('common.actions.cancel')}
      okButtonProps={{ disabled: targets.length === 0 }}
      confirmLoading={move.isPending || batch.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {!loading && targets.length === 0 ? (
        <Alert type="info" showIcon title={t('network.move.noTargets')} />
      ) : (
        <Form form={form} layout="vertical" name="network-move-form" onFinish={handleSubmit}>
          <Form.Item
            name="pid"
            label={t('network.move.target')}
            rules={[{ required: true, message: t('network.move.targetRequired') }]}
          >
            <Select
              loading={loading}
              showSearch={{ optionFilterProp: 'label' }}
              options={targets.map((project) => ({ value: project.id, label: project.name }))}
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
