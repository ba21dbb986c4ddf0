import { type Logo, REPORT_SETUP_FIELD_ORDER, type ReportSetup } from '@lightwell/domain';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useProjectInfoQuery } from '../../api/project';
import { useReportSetupQuery } from '../../api/report-setup';

const source = (logo: Logo) => `data:${logo.mime};base64,${logo.data}`;

/**
 * The project's header block at the top of a browser printout, as the PDF records print it (section 3
 * "Report settings", page 9-3 `/setting/header`): the wide logo across the top, the logo beside the
 * company title (the project's name while none is set), and the signatory and contact fields given.
 */
export function ReportHeaderBlock({ setup }: { setup: ReportSetup }) {
  const { t } = useTranslation();
  const fields = REPORT_SETUP_FIELD_ORDER.filter((key) => setup[key].trim() !== '');
  return (
    <header className="lw-print__company" data-testid="print-company">
      {setup.wideLogo && (
        <img className="lw-print__wide-logo" src={source(setup.wideLogo)} alt={t('settings.header.logo.wideLogo')} />
      )}
      <div className="lw-print__company-row">
        {setup.logo && <img className="lw-print__logo" src={source(setup.logo)} alt={t('settings.header.logo.logo')} />}
        <div>
          <Typography.Title level={4} data-testid="print-company-title">
            {setup.companyTitle || setup.projectName}
          </Typography.Title>
          <dl className="lw-print__company-fields">
            {fields.map((key) => (
              <div key={key} data-testid={`print-company-${key}`}>
                <dt>{t(`settings.header.fields.${key}`)}</dt>
                <dd>{setup[key]}</dd>
              </div>
            ))}
          </dl>
        </div>
      </div>
    </header>
  );
}

/**
 * The header block of the project that holds network `nid`, once its settings are loaded; nothing
 * before, or when they cannot be read (the printout stands without it).
 */
export function NetworkReportHeader({ nid }: { nid: number }) {
  const projects = useProjectInfoQuery();
  const pid = projects.data?.find((project) => project.networks.some((network) => network.id === nid))?.id ?? null;
  const setup = useReportSetupQuery(pid);
  return setup.data ? <ReportHeaderBlock setup={setup.data} /> : null;
}
