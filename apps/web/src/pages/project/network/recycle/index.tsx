import { ArrowLeftOutlined } from '@ant-design/icons';
import { Limits } from '@lightwell/domain';
import { Alert, Button, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useNetworkRecycleQuery, useNetworkRestoreMutation } from '../../../../api/network';
import { toast } from '../../../../app/feedback';
import { useFormatInstant } from '../../../../hooks/use-format-instant';
import { HOME_PATH, pathOfIndex } from '../../../../route-table';
import { RecycleTable } from './components/recycle-table';

/** Network recycle bin (/project/network/recycle, hidden): deleted networks, when they go for good, restore. */
export function NetworkRecyclePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const formatDateTime = useFormatInstant('local');
  const recycled = useNetworkRecycleQuery();
  const restore = useNetworkRestoreMutation();

  const handleRestore = (nid: number, name: string) =>
    restore.mutate({ nid }, { onSuccess: () => toast.saved(t('network.messages.restored', { name })) });

  return (
    <Card
      title={t('network.recycle.title')}
      extra={
        <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate(pathOfIndex('2-2-1') ?? HOME_PATH)}>
          {t('network.recycle.back')}
        </Button>
      }
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title={t('network.recycle.intro', { days: Limits.recycleRetentionDays })}
      />
      <RecycleTable
        rows={recycled.data ?? []}
        loading={recycled.isFetching}
        restoring={restore.isPending ? restore.variables?.nid : undefined}
        formatDateTime={formatDateTime}
        onRestore={handleRestore}
      />
    </Card>
  );
}
