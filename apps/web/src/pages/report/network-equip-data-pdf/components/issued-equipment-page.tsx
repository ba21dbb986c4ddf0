import { ReportLinkSchema } from '@lightwell/domain';
import { useTranslation } from 'react-i18next';
import { isLinkRefusal, useIssuedEquipmentQuery } from '../../../../api/report-cycle';
import { PrintState } from '../../../../components/print-state';
import { EquipmentPrintout } from './equipment-printout';

/**
 * The statistics issued with a periodic report (`?link=`, public): the signed, expiring link of its e-mail
 * or web version opens the figures stored with that report, and nothing else, without a session. A link
 * that is malformed, tampered with, expired or names no such report is refused with no data.
 */
export function IssuedEquipmentPage({ link }: { link: string }) {
  const { t } = useTranslation();
  const wellFormed = ReportLinkSchema.safeParse(link).success;
  const query = useIssuedEquipmentQuery(wellFormed ? link : '');
  const refused = (
    <PrintState
      kind="badLink"
      title={t('equipment.print.linkInvalid')}
      hint={t('equipment.print.linkInvalidHint')}
      testId="equipment-link-invalid"
    />
  );
  if (!wellFormed) return refused;
  if (query.isError) {
    return isLinkRefusal(query.error) ? refused : <PrintState kind="error" message={query.error.message} />;
  }
  if (!query.data) return <PrintState kind="loading" />;
  return (
    <div className="lw-print" data-testid="equipment-printout">
      <EquipmentPrintout statistics={query.data} issued={query.data.issued} />
    </div>
  );
}
