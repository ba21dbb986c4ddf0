import type { ReportCycleInput, ReportCycleSettings } from '@lightwell/domain';
import { Alert, Button, Empty, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useReportCyclesQuery, useReportCycleUpdateMutation } from '../../../api/report-cycle';
import { toast } from '../../../app/feedback';
import { PickerCard } from '../../../components/picker-card';
import { useProjectChoice } from '../../../features/report-cycles/use-project-choice';
import { useFormatInstant } from '../../../hooks/use-format-instant';
import { CycleCard } from './components/cycle-card';

/** The cycles as the form edits them. */
const draftOf = (settings: ReportCycleSettings): ReportCycleInput[] =>
  settings.cycles.map(({ cycle, enabled, sendDay, sections }) => ({ cycle, enabled, sendDay, sections }));

/** The four cycle cards of one project's settings and the save button, for editors. */
function CycleForm({ settings }: { settings: ReportCycleSettings }) {
  const { t } = useTranslation();
  const formatInstant = useFormatInstant('local');
  const update = useReportCycleUpdateMutation();
  const [draft, setDraft] = useState(() => draftOf(settings));
  const handleSave = async () => {
    if (draft.some((cycle) => cycle.sections.length === 0)) {
      toast.error(t('reportCycles.settings.noSections'));
      return;
    }
    try {
      await update.mutateAsync({ pid: settings.pid, cycles: draft });
      toast.saved(t('reportCycles.settings.saved'));
    } catch {
      // The refusal was shown as it came.
    }
  };
  return (
    <>
      {draft.map((value, index) => {
        const next = settings.cycles[index]?.next;
        return (
          <CycleCard
            key={value.cycle}
            value={value}
            canEdit={settings.canEdit}
            next={next ? t('reportCycles.settings.next', { at: formatInstant(next.at), key: next.key }) : null}
            onChange={(changed) => setDraft(draft.map((item, at) => (at === index ? changed : item)))}
          />
        );
      })}
      {settings.canEdit ? (
        <Button type="primary" loading={update.isPending} onClick={() => void handleSave()} data-testid="cycles-save">
          {t('reportCycles.settings.save')}
        </Button>
      ) : (
        <Alert type="info" showIcon message={t('reportCycles.settings.readOnly')} data-testid="cycles-read-only" />
      )}
    </>
  );
}

/**
 * Report settings (/setting/report, 9-4, hidden): per project, which e-mailed reports run — weekly (Monday
 * or Tuesday 0:30), monthly (the 1st or 2nd, 0:00), quarterly (the quarter's first or second day, 0:20),
 * yearly (1 or 2 January, 0:20) — and which sections each holds. Members read; editors change.
 */
export function ReportSettingsPage() {
  const { t } = useTranslation();
  const project = useProjectChoice();
  const settings = useReportCyclesQuery(project.pid);
  return (
    <div className="lw-stack">
      <PickerCard
        label={t('reportCycles.project')}
        value={project.pid}
        options={project.options}
        loading={project.loading}
        onChange={project.setPid}
        testId="cycles-project"
      />
      {project.pid === null && !project.loading && <Empty description={t('reportCycles.noProject')} />}
      {settings.isLoading && <Spin />}
      {settings.data && (
        <>
          <Typography.Paragraph type="secondary">{t('reportCycles.settings.intro')}</Typography.Paragraph>
          <CycleForm key={settings.data.pid} settings={settings.data} />
        </>
      )}
    </div>
  );
}
