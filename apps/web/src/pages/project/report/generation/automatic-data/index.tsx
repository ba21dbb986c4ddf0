import type { ReportDelivery, ReportRunKind, ReportRunRecord } from '@lightwell/domain';
import { Button, Card, Segmented, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { reportError } from '../../../../../api/query-client';
import {
  downloadIssuedFile,
  useReportCyclesQuery,
  useReportRunResendMutation,
  useReportRunRestateMutation,
  useReportRunsQuery,
} from '../../../../../api/report-cycle';
import { toast } from '../../../../../app/feedback';
import { ProjectEditorFrame } from '../../../../../features/report-cycles/project-editor-frame';
import { useProjectChoice } from '../../../../../features/report-cycles/use-project-choice';
import { RunTable } from './components/run-table';

const KINDS = ['all', 'energy', 'selfTest', 'fault'] as const;

/**
 * Automatic report data (/project/report/generation/automaticData, 2-6): every automatic run of a project
 * — kind, period, state (due, sent, failed with its reason, skipped), when, to whom with Message-IDs, the
 * figures it carried and the SHA-256 of its files; the exact file sent opens through a signed link, a
 * delivered message can be sent again, and an issued energy report restated. For editors of the project.
 */
export function AutomaticReportDataPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const project = useProjectChoice();
  const [kind, setKind] = useState<(typeof KINDS)[number]>('all');
  const settings = useReportCyclesQuery(project.pid);
  const canEdit = settings.data?.canEdit ?? false;
  const runs = useReportRunsQuery(project.pid, kind === 'all' ? null : (kind as ReportRunKind), canEdit);
  const restate = useReportRunRestateMutation();
  const resend = useReportRunResendMutation();
  const pid = project.pid ?? 0;
  const actions = {
    busy: restate.isPending || resend.isPending,
    onRestate: (run: ReportRunRecord) =>
      void restate
        .mutateAsync({ pid, id: run.id })
        .then(() => toast.success(t('reportCycles.runs.restateAsked')))
        .catch(() => undefined),
    onResend: (run: ReportRunRecord, delivery: ReportDelivery) =>
      void resend
        .mutateAsync({ pid, id: run.id, deliveryId: delivery.id })
        .then(() => toast.success(t('reportCycles.runs.deliveries.resent', { email: delivery.email })))
        .catch(() => undefined),
    onDownload: (fileName: string) => void downloadIssuedFile(fileName).catch((error: unknown) => reportError(error)),
  };
  return (
    <ProjectEditorFrame project={project} loaded={Boolean(settings.data)} canEdit={canEdit} testId="runs">
      <Card
        title={t('reportCycles.runs.title')}
        extra={<Button onClick={() => void navigate('/setting/report')}>{t('reportCycles.openSettings')}</Button>}
      >
        <Typography.Paragraph type="secondary">{t('reportCycles.runs.intro')}</Typography.Paragraph>
        <Segmented
          value={kind}
          onChange={(value) => setKind(value as (typeof KINDS)[number])}
          options={KINDS.map((value) => ({
            value,
            label: value === 'all' ? t('reportCycles.runs.allKinds') : t(`reportCycles.runKinds.${value}`),
          }))}
          data-testid="runs-kind"
        />
        <RunTable runs={runs.data ?? []} loading={runs.isLoading} actions={actions} />
      </Card>
    </ProjectEditorFrame>
  );
}
