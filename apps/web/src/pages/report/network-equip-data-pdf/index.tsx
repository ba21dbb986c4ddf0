import { PrinterOutlined } from '@ant-design/icons';
import type { EquipmentStatistics } from '@lightwell/domain';
import { Button, Result, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useEquipmentStatisticQuery } from '../../../api/equipment';
import { useReportSetupQuery } from '../../../api/report-setup';
import { loginPathReturningTo } from '../../../app/return-to';
import { EquipmentBreakdowns } from '../../../features/equipment/equipment-breakdowns';
import { NetworkTable } from '../../../features/equipment/network-table';
import { readPrintScope } from '../../../features/equipment/print-path';
import { ReportHeaderBlock } from '../../../features/report-header/report-header-block';
import { useFormatInstant } from '../../../hooks/use-format-instant';
import { useSession } from '../../../stores/session';

/**
 * The print form of the network equipment statistics (/report/networkEquipDataPDF, bare layout, print
 * CSS): opened from the statistics page in a new tab with `?pid=&nids=`, for a signed-in user; without a
 * query, the current project's networks. The
 * project's header block (`/setting/header`) leads it; printed pages are numbered (`.lw-print`). Without a
 * session it asks to sign in and comes back here.
 */
export function EquipmentPrintPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const signedIn = useSession((state) => state.token !== null);
  const currentPid = useSession((state) => state.pid);
  const scope = readPrintScope(params, currentPid);
  const statistic = useEquipmentStatisticQuery(signedIn ? scope : null);
  const setup = useReportSetupQuery(signedIn && scope ? scope.pid : null);
  if (!signedIn) {
    return (
      <Result
        status="info"
        title={t('equipment.print.signIn')}
        extra={
          <Button
            type="primary"
            onClick={() => void navigate(loginPathReturningTo(`${location.pathname}${location.search}`))}
          >
            {t('equipment.print.signInAction')}
          </Button>
        }
      />
    );
  }
  if (!scope) {
    return <Result status="warning" title={t('equipment.print.badLink')} subTitle={t('equipment.print.badLinkHint')} />;
  }
  if (statistic.isError) return <Result status="error" title={statistic.error.message} />;
  if (!statistic.data) return <Spin className="lw-page-spin" />;
  return (
    <div className="lw-print" data-testid="equipment-printout">
      {setup.data && <ReportHeaderBlock setup={setup.data} />}
      <Printout statistics={statistic.data} />
    </div>
  );
}

function Printout({ statistics }: { statistics: EquipmentStatistics }) {
  const { t } = useTranslation();
  const formatInstant = useFormatInstant();
  const timeZone = statistics.networks[0]?.timeZone ?? 'UTC';
  return (
    <>
      <div className="lw-print__head">
        <div>
          <Typography.Title level={3}>{t('equipment.print.title')}</Typography.Title>
          <Typography.Text data-testid="equipment-print-scope">
            {t('equipment.print.scope', {
              project: statistics.project.name,
              networks: statistics.networks.map((network) => network.name).join(', '),
            })}
          </Typography.Text>
        </div>
        <Typography.Text type="secondary">
          {t('equipment.page.asOf', { at: formatInstant(statistics.generatedAt, { timeZone }) })}
        </Typography.Text>
        <Button className="lw-print__toolbar" icon={<PrinterOutlined />} onClick={() => window.print()}>
          {t('equipment.print.print')}
        </Button>
      </div>
      {statistics.networks.length === 0 ? (
        <Typography.Paragraph>{t('equipment.page.noNetworks')}</Typography.Paragraph>
      ) : (
        <>
          <section className="lw-print__section">
            <Typography.Title level={4}>{t('equipment.sections.networks')}</Typography.Title>
            <NetworkTable statistics={statistics} />
          </section>
          <EquipmentBreakdowns figures={statistics.total} pagination={false} sectionClassName="lw-print__section" />
        </>
      )}
    </>
  );
}
