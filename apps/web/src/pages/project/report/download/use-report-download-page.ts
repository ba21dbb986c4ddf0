import type { ReportFormat, ReportSection } from '@lightwell/domain';
import { useState } from 'react';
import { useProjectInfoQuery } from '../../../../api/project';
import { useProjectReportMutation, useReportListQuery } from '../../../../api/report';
import { localDateText, type ReportPeriodChoice } from '../../../../features/reports/report-period';
import { useSession } from '../../../../stores/session';

/** Sections a project report offers, in its order. */
export const SECTIONS: readonly ReportSection[] = ['energy', 'cost', 'co2', 'emergency', 'equipment'];

/** What the form holds: networks (none chosen: all of the project's), period, sections and format. */
export interface ProjectReportChoice {
  nids: number[];
  period: ReportPeriodChoice;
  sections: ReportSection[];
  format: ReportFormat;
}

/**
 * State of the report download page (2-3): the chosen project (the breadcrumb's by default, among those
 * holding one of the user's networks), its networks, the report asked for and the project's kept reports.
 */
export function useReportDownloadPage() {
  const current = useSession((state) => state.pid);
  const info = useProjectInfoQuery();
  const projects = (info.data ?? []).filter((project) => project.networks.length > 0);
  const [chosen, setChosen] = useState<number | null>(null);
  const known = (pid: number | null) => (pid !== null && projects.some((p) => p.id === pid) ? pid : null);
  const pid = known(chosen) ?? known(current) ?? projects[0]?.id ?? null;
  const project = projects.find((p) => p.id === pid);
  const networks = project?.networks ?? [];
  const zone = networks[0]?.timeZone ?? 'UTC';
  const [choice, setChoice] = useState<ProjectReportChoice>({
    nids: [],
    period: { kind: 'span', span: '30d' },
    sections: [...SECTIONS],
    format: 'pdf',
  });
  const list = useReportListQuery(pid, 'project');
  const create = useProjectReportMutation();
  const submit = () =>
    create.mutateAsync({
      pid: pid ?? 0,
      nids: choice.nids.length > 0 ? choice.nids : undefined,
      period: choice.period,
      sections: SECTIONS.filter((section) => choice.sections.includes(section)),
      format: choice.format,
    });
  return {
    /** The project picker: a new project clears the chosen networks. */
    picker: {
      value: pid,
      options: projects.map((p) => ({ value: p.id, label: p.name })),
      loading: info.isLoading,
      onChange: (next: number) => {
        setChosen(next);
        setChoice((old) => ({ ...old, nids: [] }));
      },
    },
    networks,
    today: localDateText(Math.floor(Date.now() / 1000), zone),
    choice,
    setChoice,
    list,
    submit,
    submitting: create.isPending,
  };
}
