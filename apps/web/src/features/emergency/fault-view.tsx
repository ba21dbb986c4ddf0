import { type Fault, type FaultEntry, isPassingGrade } from '@lightwell/domain';
import { Descriptions, List, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { GradeTag } from './grade-tag';
import { placeText } from './place-text';

/** Colour of a fault's state: open red, waiting for its retest blue, closed green. */
const FAULT_STATE_COLORS = { open: 'error', awaitingRetest: 'processing', closed: 'success' } as const;

/** A fault's state as a tag. */
export function FaultStateTag({ fault }: { fault: Pick<Fault, 'state'> }) {
  const { t } = useTranslation();
  return (
    <Tag color={FAULT_STATE_COLORS[fault.state]} data-state={fault.state}>
      {t(`emergencyPages.faultStates.${fault.state}`)}
    </Tag>
  );
}

/**
 * A fault's confirmation as text: to be confirmed, confirmed, or — when its retest failed after all —
 * confirmed but open again.
 */
export function confirmText(
  t: (key: string) => string,
  fault: Pick<Fault, 'confirmState' | 'state' | 'retest'>,
): string {
  const retestFailed = fault.state === 'open' && fault.retest?.grade != null && !isPassingGrade(fault.retest.grade);
  if (fault.confirmState === 'confirmed' && retestFailed) return t('emergencyPages.confirmStates.reopened');
  return t(`emergencyPages.confirmStates.${fault.confirmState}`);
}

/** Each failure of a fault with its cause and what to do, in the reader's language (as the server sent). */
export function FaultAdvice({ fault }: { fault: Pick<Fault, 'advice'> }) {
  return (
    <List
      size="small"
      dataSource={fault.advice}
      data-testid="fault-advice"
      renderItem={(item) => (
        <List.Item key={item.failure}>
          <List.Item.Meta title={item.cause} description={item.advice} />
        </List.Item>
      )}
    />
  );
}

/** One workflow entry as text: "14:05 · Jane Doe · remark". */
function entryText(entry: FaultEntry | null, format: (at: number) => string, none: string): string {
  if (!entry) return none;
  return [format(entry.at), entry.person, entry.remark].filter(Boolean).join(' · ');
}

/**
 * A fault as a report shows it: fitting, when logged and fixed, state, each workflow step with time,
 * person and remark, the confirmation and the retest. Times are read in `timeZone` (the site's).
 */
export function FaultSummary({ fault, format }: { fault: Fault; format: (at: number) => string }) {
  const { t } = useTranslation();
  const none = t('emergencyPages.none');
  return (
    <Descriptions column={1} size="small" bordered data-testid="fault-summary">
      <Descriptions.Item label={t('emergencyPages.fields.fitting')}>
        {fault.fittingName} <Typography.Text type="secondary">{fault.mac}</Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label={t('emergencyPages.fields.location')}>
        {placeText(fault.zoneName, fault.location) || none}
      </Descriptions.Item>
      <Descriptions.Item label={t('emergencyPages.fields.state')}>
        <FaultStateTag fault={fault} />
      </Descriptions.Item>
      <Descriptions.Item label={t('emergencyPages.fields.logged')}>{format(fault.openedAt)}</Descriptions.Item>
      <Descriptions.Item label={t('emergencyPages.fields.fixed')}>
        {fault.closedAt === null ? none : format(fault.closedAt)}
      </Descriptions.Item>
      {(['safeguard', 'rectify', 'verify'] as const).map((step) => (
        <Descriptions.Item key={step} label={t(`emergencyPages.steps.${step}`)}>
          {entryText(fault[step], format, none)}
        </Descriptions.Item>
      ))}
      <Descriptions.Item label={t('emergencyPages.fields.confirm')}>
        {confirmText(t, fault)}
        {fault.confirm ? ` · ${entryText(fault.confirm, format, none)}` : ''}
      </Descriptions.Item>
      <Descriptions.Item label={t('emergencyPages.fields.retest')}>
        {fault.retest ? (
          fault.retest.grade ? (
            <GradeTag grade={fault.retest.grade} />
          ) : (
            t('emergencyPages.retestBooked', { at: format(fault.retest.bookedAt) })
          )
        ) : (
          none
        )}
      </Descriptions.Item>
    </Descriptions>
  );
}
