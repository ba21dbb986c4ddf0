import { Drawer, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type GatewayRow, useGatewayDiagnosisQuery } from '../../../../api/gateway';
import { TABLE_SCROLL } from '../../../../components/table-columns';
import { useFormatInstant } from '../../../../hooks/use-format-instant';
import { useSession } from '../../../../stores/session';

const LEVEL_COLORS: Record<string, string> = { info: 'blue', warning: 'orange', error: 'red' };

/** A gateway's diagnosis entries, newest first, paged by the user's page size. */
export function DiagnosisDrawer({ gateway, onClose }: { gateway: GatewayRow; onClose: () => void }) {
  const { t } = useTranslation();
  const pageNumber = useSession((state) => state.pageNumber);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(pageNumber);
  const entries = useGatewayDiagnosisQuery(gateway.id, page, pageSize);
  const formatDate = useFormatInstant();
  return (
    <Drawer open size={720} title={t('gateway.diagnosis.title', { name: gateway.name })} onClose={onClose}>
      <Table
        scroll={TABLE_SCROLL}
        rowKey="id"
        size="small"
        loading={entries.isLoading}
        dataSource={entries.data?.list ?? []}
        pagination={{
          current: page,
          pageSize,
          total: entries.data?.total ?? 0,
          showSizeChanger: true,
          onChange: (next, size) => {
            setPage(next);
            setPageSize(size);
          },
        }}
        columns={[
          {
            title: t('gateway.diagnosis.time'),
            key: 'at',
            render: (_, entry) => formatDate(entry.at, { precision: 'second' }),
          },
          {
            title: t('gateway.diagnosis.level'),
            key: 'level',
            render: (_, entry) => (
              <Tag color={LEVEL_COLORS[entry.level]}>{t(`gateway.diagnosis.levels.${entry.level}`)}</Tag>
            ),
          },
          { title: t('gateway.diagnosis.code'), dataIndex: 'code' },
          { title: t('gateway.diagnosis.message'), dataIndex: 'message' },
        ]}
      />
    </Drawer>
  );
}
