import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useEquipmentStatisticQuery } from '../../../api/equipment';
import { useReportSetupQuery } from '../../../api/report-setup';
import { loginPathReturningTo } from '../../../app/return-to';
import { PrintState } from '../../../components/print-state';
import { readPrintScope } from '../../../features/equipment/print-path';
import { ReportHeaderBlock } from '../../../features/report-header/report-header-block';
import { useSession } from '../../../stores/session';
import { EquipmentPrintout } from './components/equipment-printout';
import { IssuedEquipmentPage } from './components/issued-equipment-page';

/**
 * The live statistics for a signed-in user (`?pid=&nids=`, opened from the statistics page in a new tab;
 * without a query, the current project's networks), led by the project's header block (`/setting/header`).
 * Without a session it asks to sign in and comes back here.
 */
function SignedInEquipmentPage() {
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
    return <PrintState kind="badLink" title={t('equipment.print.badLink')} hint={t('equipment.print.badLinkHint')} />;
  }
  if (statistic.isError) return <PrintState kind="error" message={statistic.error.message} />;
  if (!statistic.data) return <PrintState kind="loading" />;
  return (
    <div className="lw-print" data-testid="equipment-printout">
      {setup.data && <ReportHeaderBlock setup={setup.data} />}
      <EquipmentPrintout statistics={statistic.data} />
    </div>
  );
}

/**
 * The print form of the network equipment statistics (/report/networkEquipDataPDF, bare layout, print CSS;
 * printed pages are numbered by `.lw-print`): with `?link=` the statistics issued with an e-mailed report,
 * public; otherwise a signed-in user's live statistics.
 */
export function EquipmentPrintPage() {
  const [params] = useSearchParams();
  const link = params.get('link');
  return link === null ? <SignedInEquipmentPage /> : <IssuedEquipmentPage link={link} />;
}
