import type { DiagnosisSensorResult } from '@lightwell/domain';
import { Alert, Drawer, Flex, List, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDiagnosisQuery } from '../../api/sensor-diagnosis';
import { useFormatInstant } from '../../hooks/use-format-instant';
import { barCounts, DiagnosisBars } from './diagnosis-bars';
import { durationText, STATE_COLORS } from './diagnosis-format';

/** The flags of one sensor as tags: never triggered, chattering, or normal. */
function SensorFlags({ sensor, finished }: { sensor: DiagnosisSensorResult; finished: boolean }) {
  const { t } = useTranslation();
  const tags = [];
  if (sensor.neverTriggered)
    tags.push(
      <Tag color="red" key="never">
        {t('device.diagnosis.flags.neverTriggered')}
      </Tag>,
    );
  if (sensor.chattering)
    tags.push(
      <Tag color="orange" key="chatter">
        {t('device.diagnosis.flags.chattering')}
      </Tag>,
    );
  if (tags.length === 0 && (finished || sensor.total > 0)) {
    tags.push(
      <Tag color="green" key="ok">
        {t('device.diagnosis.flags.normal')}
      </Tag>,
    );
  }
  return <Space size={4}>{tags}</Space>;
}

/**
 * Results of diagnosis task `taskId` in a drawer: per sensor its flags, trigger count, first and last trigger,
 * most triggers within 60 seconds and a small bar list of its triggers per interval. Followed while it runs.
 */
export function DiagnosisDrawer({ taskId, onClose }: { taskId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const formatInstant = useFormatInstant();
  const query = useDiagnosisQuery(taskId);
  const detail = query.data;
  const finished = detail?.task.state === 'executed' || detail?.task.state === 'canceled';
  const max = Math.max(1, ...(detail?.sensors ?? []).flatMap((s) => barCounts(s.buckets, detail?.bucketCount ?? 1)));
  const at = (seconds: number | null) => (seconds === null ? '—' : formatInstant(seconds, { precision: 'second' }));

  return (
    <Drawer
      open={taskId !== null}
      onClose={onClose}
      width={720}
      title={t('device.diagnosis.drawer.title')}
      loading={query.isLoading}
      data-testid="diagnosis-drawer"
    >
      {detail && (
        <Flex vertical gap={12}>
          <Space wrap>
            <Tag color={STATE_COLORS[detail.task.state]} data-testid="diagnosis-drawer-state">
              {t(`device.diagnosis.states.${detail.task.state}`)}
            </Tag>
            <Typography.Text>
              {t('device.diagnosis.drawer.range', {
                start: at(detail.task.startTime),
                end: at(detail.task.endTime),
                interval: durationText(t, detail.task.interval),
              })}
            </Typography.Text>
          </Space>
          {detail.task.state === 'waiting' ? (
            <Alert
              type="info"
              showIcon
              message={t('device.diagnosis.drawer.waiting', { time: at(detail.task.startTime) })}
            />
          ) : (
            <Typography.Text type="secondary">
              {t('device.diagnosis.drawer.until', { time: at(detail.resultsUntil) })}{' '}
              {t('device.diagnosis.drawer.chatterRule', { count: detail.chatterPerMinute })}
            </Typography.Text>
          )}
          <List
            dataSource={detail.sensors}
            rowKey="deviceId"
            renderItem={(sensor) => (
              <List.Item data-testid="diagnosis-sensor" data-sensor={sensor.mac}>
                <Flex vertical gap={4} style={{ width: '100%' }}>
                  <Flex justify="space-between" wrap gap={8}>
                    <Space wrap>
                      <Typography.Text strong>{sensor.name}</Typography.Text>
                      <Typography.Text type="secondary">{sensor.mac}</Typography.Text>
                      <SensorFlags sensor={sensor} finished={finished} />
                    </Space>
                    <Typography.Text data-testid="diagnosis-sensor-total">
                      {t('device.diagnosis.drawer.total', { count: sensor.total })}
                    </Typography.Text>
                  </Flex>
                  <DiagnosisBars
                    counts={barCounts(sensor.buckets, detail.bucketCount)}
                    max={max}
                    label={t('device.diagnosis.drawer.barsLabel', { name: sensor.name })}
                  />
                  <Typography.Text type="secondary">
                    {t('device.diagnosis.drawer.times', {
                      first: at(sensor.firstTime),
                      last: at(sensor.lastTime),
                      peak: sensor.peakPerMinute,
                    })}
                  </Typography.Text>
                </Flex>
              </List.Item>
            )}
          />
        </Flex>
      )}
    </Drawer>
  );
}
