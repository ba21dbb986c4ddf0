import {
  CURVE_MIN_POINTS,
  type CurvePoint,
  type CurveRefusal,
  DAY_SECONDS,
  deleteCurvePoint,
  insertCurvePoint,
  MAX_POINT,
} from '@lightwell/domain';
import { Button, Flex, Input, InputNumber, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../../app/feedback';
import { TABLE_SCROLL } from '../../../../components/table-columns';

/** A time of day in seconds as hh:mm (24:00 for the end of the day). */
export function formatClock(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/** Seconds of an hh:mm text from 00:00 to 24:00, or null. */
export function parseClock(text: string): number | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const seconds = Number(match[1]) * 3600 + Number(match[2]) * 60;
  return Number(match[2]) < 60 && seconds <= DAY_SECONDS ? seconds : null;
}

interface CurveEditorProps {
  value: CurvePoint[];
  onChange: (points: CurvePoint[]) => void;
  /** Sequences count seconds from their start; other curves use times of day. */
  sequence?: boolean;
}

/**
 * The points of a scene curve as a table (section 5): 3 to 21 points, added after a row; the first and
 * last point cannot be deleted (loc927, loc926), nor any point of a 3-point curve.
 */
export function CurveEditor({ value, onChange, sequence = false }: CurveEditorProps) {
  const { t } = useTranslation();
  // Section 5: the last row gives a warning (loc926), the first row an error (loc927).
  const refuse = (refusal: CurveRefusal) =>
    refusal === 'loc926' ? toast.warning(t('scene.curve.loc926')) : toast.error(t(`scene.curve.${refusal}`));
  const apply = (edit: ReturnType<typeof deleteCurvePoint>) => (edit.ok ? onChange(edit.points) : refuse(edit.refusal));
  const patch = (index: number, change: Partial<CurvePoint>) =>
    onChange(value.map((point, i) => (i === index ? { ...point, ...change } : point)));

  return (
    <Flex vertical gap={8} data-testid="curve-editor">
      <Typography.Text type="secondary" data-testid="curve-count">
        {t('scene.curve.count', { count: value.length, max: MAX_POINT, min: CURVE_MIN_POINTS })}
      </Typography.Text>
      <Table<CurvePoint & { index: number }>
        scroll={TABLE_SCROLL}
        size="small"
        rowKey="index"
        pagination={false}
        dataSource={value.map((point, index) => ({ ...point, index }))}
        columns={[
          {
            title: sequence ? t('scene.curve.seconds') : t('scene.curve.time'),
            key: 'time',
            render: (_, point) =>
              sequence ? (
                <InputNumber
                  aria-label={`${t('scene.curve.seconds')} ${point.index + 1}`}
                  min={0}
                  max={DAY_SECONDS}
                  value={point.time}
                  onChange={(time) => patch(point.index, { time: Number(time ?? 0) })}
                />
              ) : (
                <ClockInput
                  label={`${t('scene.curve.time')} ${point.index + 1}`}
                  seconds={point.time}
                  onChange={(time) => patch(point.index, { time })}
                />
              ),
          },
          {
            title: t('scene.curve.level'),
            key: 'level',
            render: (_, point) => (
              <InputNumber
                aria-label={`${t('scene.curve.level')} ${point.index + 1}`}
                min={0}
                max={100}
                value={point.level}
                onChange={(level) => patch(point.index, { level: Number(level ?? 0) })}
              />
            ),
          },
          {
            title: t('scene.curve.cct'),
            key: 'cct',
            render: (_, point) => (
              <InputNumber
                aria-label={`${t('scene.curve.cct')} ${point.index + 1}`}
                min={1000}
                max={20000}
                step={100}
                value={point.cct}
                onChange={(cct) => patch(point.index, { cct: cct === null ? undefined : Number(cct) })}
              />
            ),
          },
          {
            key: 'actions',
            render: (_, point) => (
              <Space>
                <Button
                  size="small"
                  onClick={() => apply(insertCurvePoint(value, point.index))}
                  aria-label={`${t('scene.curve.add')} ${point.index + 1}`}
                >
                  +
                </Button>
                <Button
                  size="small"
                  danger
                  onClick={() => apply(deleteCurvePoint(value, point.index))}
                  aria-label={`${t('scene.curve.delete')} ${point.index + 1}`}
                >
                  −
                </Button>
              </Space>
            ),
          },
        ]}
      />
    </Flex>
  );
}

/** An hh:mm field that reports seconds once the text is a valid time. */
function ClockInput({ label, seconds, onChange }: { label: string; seconds: number; onChange: (s: number) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(formatClock(seconds));
  const valid = parseClock(text) !== null;
  return (
    <Input
      aria-label={label}
      value={text}
      status={valid ? undefined : 'error'}
      title={valid ? undefined : t('scene.curve.badTime')}
      style={{ width: 90 }}
      onChange={(event) => {
        setText(event.target.value);
        const parsed = parseClock(event.target.value);
        if (parsed !== null) onChange(parsed);
      }}
    />
  );
}
