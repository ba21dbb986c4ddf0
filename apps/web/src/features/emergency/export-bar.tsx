import { DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import type { RecordPartSchema } from '@lightwell/domain';
import { Button, Select, Space } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { fetchRecordExport } from '../../api/emergency';
import { reportError } from '../../api/query-client';
import { lastTwelveMonths, type Period, printSearch, yearOf, yearPeriod } from './period';

/** Print routes of emergency lighting by the part of the record they show (spec section 2). */
export const PRINT_PATHS = {
  all: '/emergency/element/report',
  selfTest: '/emergency/element/report/self/test',
  schedule: '/emergency/element/report/schedule',
  fault: '/emergency/element/report/fault',
} as const satisfies Partial<Record<z.infer<typeof RecordPartSchema>, string>>;

/** A print route's part. */
export type PrintPart = keyof typeof PRINT_PATHS;

/** Saves a file the browser holds under its name (the download the user asked for). */
export function saveFile(file: Blob, name: string): void {
  const url = URL.createObjectURL(file);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

const LAST_TWELVE = 0;

/**
 * The record of a network for a period: the last twelve months or a calendar year in the site's zone,
 * downloaded as PDF or CSV, or opened as a printout in a new tab. `parts` names the printouts offered.
 */
export function RecordExportBar({
  nid,
  timeZone,
  parts = ['all'],
}: {
  nid: number;
  timeZone: string;
  parts?: readonly PrintPart[];
}) {
  const { t } = useTranslation();
  const now = Math.floor(Date.now() / 1000);
  const thisYear = yearOf(now, timeZone);
  const [choice, setChoice] = useState(LAST_TWELVE);
  const [busy, setBusy] = useState<'pdf' | 'csv' | null>(null);
  const period: Period = useMemo(
    () => (choice === LAST_TWELVE ? lastTwelveMonths(now, timeZone) : yearPeriod(choice, timeZone)),
    [choice, now, timeZone],
  );
  const download = async (format: 'pdf' | 'csv') => {
    setBusy(format);
    try {
      const file = await fetchRecordExport({ nid, ...period, format });
      saveFile(file, file.name);
    } catch (error) {
      reportError(error);
    } finally {
      setBusy(null);
    }
  };
  return (
    <Space wrap data-testid="record-export">
      <Select<number>
        aria-label={t('emergencyPages.export.period')}
        data-testid="record-period"
        style={{ minWidth: 160 }}
        value={choice}
        onChange={setChoice}
        options={[
          { value: LAST_TWELVE, label: t('emergencyPages.export.lastTwelve') },
          ...Array.from({ length: 6 }, (_, back) => ({ value: thisYear - back, label: String(thisYear - back) })),
        ]}
      />
      <Button icon={<DownloadOutlined />} loading={busy === 'pdf'} onClick={() => void download('pdf')}>
        {t('emergencyPages.export.pdf')}
      </Button>
      <Button icon={<DownloadOutlined />} loading={busy === 'csv'} onClick={() => void download('csv')}>
        {t('emergencyPages.export.csv')}
      </Button>
      {parts.map((part) => (
        <Button
          key={part}
          icon={<PrinterOutlined />}
          href={`${PRINT_PATHS[part]}?${printSearch(nid, period)}`}
          target="_blank"
          rel="noopener"
          data-testid={`print-${part}`}
        >
          {t(`emergencyPages.export.print.${part}`)}
        </Button>
      ))}
    </Space>
  );
}
