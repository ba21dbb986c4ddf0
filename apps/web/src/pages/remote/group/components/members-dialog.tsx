import { type Group, groupMemberKind } from '@lightwell/domain';
import { Alert, Empty, Modal, Transfer } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGroupMutations, useMemberOptionsQuery } from '../../../../api/group';
import { toast } from '../../../../app/feedback';

/** Picks the devices of a group among the network's devices of the kind the group takes. */
export function MembersDialog({ nid, group, onClose }: { nid: number; group: Group; onClose: () => void }) {
  const { t } = useTranslation();
  const options = useMemberOptionsQuery(nid);
  const { addDevices, removeDevices } = useGroupMutations();
  const [chosen, setChosen] = useState<string[]>(group.deviceIds.map(String));
  const kind = groupMemberKind(group.type);
  const candidates = (options.data ?? []).filter((device) => device.kind === kind);

  const handleSave = async () => {
    const wanted = new Set(chosen.map(Number));
    const added = [...wanted].filter((id) => !group.deviceIds.includes(id));
    const removed = group.deviceIds.filter((id) => !wanted.has(id));
    if (added.length > 0) await addDevices.mutateAsync({ groupId: group.id, deviceIds: added });
    if (removed.length > 0) await removeDevices.mutateAsync({ groupId: group.id, deviceIds: removed });
    toast.saved(t('group.messages.membersSaved'));
    onClose();
  };

  return (
    <Modal
      open
      width={720}
      title={t('group.members.title', { name: group.name })}
      okText={t('common.actions.save')}
      cancelText={t('common.actions.cancel')}
      confirmLoading={addDevices.isPending || removeDevices.isPending}
      onOk={() => void handleSave().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
    >
      <Alert type="info" showIcon title={t('group.members.hint')} style={{ marginBottom: 12 }} />
      {candidates.length === 0 && !options.isLoading ? (
        <Empty description={t('group.members.none')} />
      ) : (
        <Transfer
          dataSource={candidates.map((device) => ({ key: String(device.id), title: `${device.name} · ${device.mac}` }))}
          targetKeys={chosen}
          onChange={(keys) => setChosen(keys.map(String))}
          render={(item) => item.title}
          showSearch
          listStyle={{ width: 300, height: 320 }}
        />
      )}
    </Modal>
  );
}
