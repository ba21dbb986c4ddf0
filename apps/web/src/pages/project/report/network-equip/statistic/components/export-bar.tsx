import { DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import type { EquipmentExportFormat } from '@lightwell/domain';
import { Button, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type EquipmentScope, fetchEquipmentExport } from '../../../../../../api/equipment';
import { reportError } from '../../../../../../api/query-client';
import { saveFile } from '../../../../../../features/emergency/export-bar';
import { printPathOf } from '../../../../../../features/equipment/print-path';

/** Downloads of the statistics (CSV, Excel, PDF) and the print view in a new tab. */
export function ExportBar({ scope }: { scope: EquipmentScope | null }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<EquipmentExportFormat | null>(null);
  const download = async (format: EquipmentExportFormat) => {
    if (!scope) return;
    setBusy(format);
    try {
      const file = await fetchEquipmentExport(scope, format);
      saveFile(file, file.name);
    } catch (error) {
      reportError(error);
    } finally {
      setBusy(null);
    }
  };
  const button = (format: EquipmentExportFormat, label: string) => (
    <Button
      icon={<DownloadOutlined />}
      loading={busy === format}
      disabled={!scope || (busy !== null && busy !== format)}
      onClick={() => void download(format)}
      data-testid={`equipment-export-${format}`}
    >
      {label}
    </Button>
  );
  return (
    <Space wrap>
      {button('csv', t('equipment.export.csv'))}
      {button('xlsx', t('equipment.export.xlsx'))}
      {button('pdf', t('equipment.export.pdf'))}
      <Button
        icon={<PrinterOutlined />}
        href={scope ? printPathOf(scope) : undefined}
        disabled={!scope}
        target="_blank"
        rel="noopener"
        data-testid="equipment-print"
      >
        {t('equipment.export.print')}
      </Button>
    </Space>
  );
}
