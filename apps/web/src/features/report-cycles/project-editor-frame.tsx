import { Empty } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PickerCard } from '../../components/picker-card';
import type { useProjectChoice } from './use-project-choice';

/** Props of {@link ProjectEditorFrame}. */
export interface ProjectEditorFrameProps {
  project: ReturnType<typeof useProjectChoice>;
  /** Whether the project's report settings have been read (until then neither notice shows). */
  loaded: boolean;
  canEdit: boolean;
  /** Prefix of the page's test ids: `<prefix>-project`, `<prefix>-editors-only`. */
  testId: string;
  children: ReactNode;
}

/**
 * The frame of a report page for the project's editors: the project picker; a notice when the user has no
 * project, or may not edit this one's reports; the page itself for editors.
 */
export function ProjectEditorFrame({ project, loaded, canEdit, testId, children }: ProjectEditorFrameProps) {
  const { t } = useTranslation();
  return (
    <div className="lw-stack">
      <PickerCard
        label={t('reportCycles.project')}
        value={project.pid}
        options={project.options}
        loading={project.loading}
        onChange={project.setPid}
        testId={`${testId}-project`}
      />
      {project.pid === null && !project.loading && <Empty description={t('reportCycles.noProject')} />}
      {loaded && !canEdit && (
        <Empty description={t('reportCycles.editorsOnly')} data-testid={`${testId}-editors-only`} />
      )}
      {canEdit && children}
    </div>
  );
}
