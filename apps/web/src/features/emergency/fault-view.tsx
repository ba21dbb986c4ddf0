import type { Fault, FaultEntry } from '@lightwell/domain';
import { Descriptions, List, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { GradeTag } from './grade-tag';

/** Colour of a fault's state: open red, waiting for its retest blue, closed green. */
export const FAULT_STATE_COLORS = { open: 'error', awaitingRetest: 'processing', closed: 'success' } as const;

/** A fault's state as a tag. */
export function FaultStateTag({ fault }: { fault: Pick<Fault, 'state'> }) {
  const { t } = useTranslation();
  return (
    <Tag color={FAULT_STATE_COLORS[fault.state]} data-state={fault.state}>
      {t(`emergencyPages.faultStates.${fault.state}`)}
    </Tag>
  );
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
        {[fault.zoneName, fault.location].filter(Boolean).join(' · ') || none}
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
        {t(`emergencyPages.confirmStates.${fault.confirmState}`)}
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
