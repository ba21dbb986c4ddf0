import type { RecipientReception } from '@lightwell/domain';
import { Button, Card, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  useActivationResendMutation,
  useReceptionQuery,
  useRecipientRemoveMutation,
  useRecipientSetMutation,
  useReportCyclesQuery,
} from '../../../../../api/report-cycle';
import { toast } from '../../../../../app/feedback';
import { ProjectEditorFrame } from '../../../../../features/report-cycles/project-editor-frame';
import { useProjectChoice } from '../../../../../features/report-cycles/use-project-choice';
import { ReceptionTable } from './components/reception-table';

/**
 * Report e-mail reception (/project/report/email/reception, 2-5): every recipient of the project's header
 * settings with language, kinds, activation state, last mail sent and next one due; editors resend an
 * activation, pause, resume or remove a recipient, and choose who gets the CSV too. Recipients are added on
 * `/setting/header`; what is sent when, on `/setting/report`.
 */
export function ReportReceptionPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const project = useProjectChoice();
  const settings = useReportCyclesQuery(project.pid);
  const canEdit = settings.data?.canEdit ?? false;
  const list = useReceptionQuery(project.pid, canEdit);
  const set = useRecipientSetMutation();
  const remove = useRecipientRemoveMutation();
  const resend = useActivationResendMutation();
  const pid = project.pid ?? 0;
  const run = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      toast.saved(t(done));
    } catch {
      // The refusal was shown as it came.
    }
  };
  const actions = {
    busy: set.isPending || remove.isPending || resend.isPending,
    onResend: (row: RecipientReception) =>
      void run(() => resend.mutateAsync({ pid, id: row.id }), 'reportCycles.reception.resent'),
    onPause: (row: RecipientReception, paused: boolean) =>
      void run(
        () => set.mutateAsync({ pid, id: row.id, paused }),
        paused ? 'reportCycles.reception.pausedDone' : 'reportCycles.reception.resumedDone',
      ),
    onCsv: (row: RecipientReception, csv: boolean) =>
      void run(() => set.mutateAsync({ pid, id: row.id, csv }), 'reportCycles.reception.csvDone'),
    onRemove: (row: RecipientReception) =>
      void run(() => remove.mutateAsync({ pid, id: row.id }), 'reportCycles.reception.removed'),
  };
  return (
    <ProjectEditorFrame project={project} loaded={Boolean(settings.data)} canEdit={canEdit} testId="reception">
      <Card
        title={t('reportCycles.reception.title')}
        extra={
          <Space>
            <Button onClick={() => void navigate('/setting/header')}>
              {t('reportCycles.reception.addRecipients')}
            </Button>
            <Button onClick={() => void navigate('/setting/report')}>{t('reportCycles.openSettings')}</Button>
          </Space>
        }
      >
        <Typography.Paragraph type="secondary">{t('reportCycles.reception.intro')}</Typography.Paragraph>
        <ReceptionTable list={list.data ?? []} loading={list.isLoading} actions={actions} />
      </Card>
    </ProjectEditorFrame>
  );
}
