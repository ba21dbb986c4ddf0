import { CaretRightOutlined, PauseOutlined } from '@ant-design/icons';
import { formatCivilDate, formatInstant, zonedParts } from '@lightwell/domain';
import { Button, Flex, Slider, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../stores/session';

/** Time between two frames while the replay plays. */
const FRAME_STEP_MS = 800;

/** Which frame of a replay is shown and whether it plays on by itself. */
export interface FrameReplay {
  index: number;
  playing: boolean;
  setIndex: (index: number) => void;
  /** Plays from the shown frame (from the first once the last was reached), or pauses. */
  toggle: () => void;
}

/** Steps through `count` frames every {@link FRAME_STEP_MS} while playing; stops on the last one. */
export function useFrameReplay(count: number): FrameReplay {
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(false);
  const last = Math.max(count - 1, 0);
  const shown = Math.min(index, last);
  useEffect(() => {
    if (!playing) return;
    if (shown >= last) {
      setPlaying(false);
      return;
    }
    const timer = setTimeout(() => setIndex(shown + 1), FRAME_STEP_MS);
    return () => clearTimeout(timer);
  }, [playing, shown, last]);
  const toggle = useCallback(() => {
    if (playing) return setPlaying(false);
    if (shown >= last) setIndex(0);
    setPlaying(true);
  }, [playing, shown, last]);
  const pick = useCallback((next: number) => {
    setPlaying(false);
    setIndex(next);
  }, []);
  return { index: shown, playing, setIndex: pick, toggle };
}

/** The local time of a frame in the network's zone: date and hour for hourly frames, the date for daily ones. */
export function useFrameTime(timeZone: string, frameUnit: 'hour' | 'day'): (start: number) => string {
  const timeFormat = useSession((state) => state.timeFormat);
  return useCallback(
    (start: number) =>
      frameUnit === 'hour'
        ? formatInstant(start, { timeZone, timeFormat })
        : formatCivilDate(zonedParts(new Date(start * 1000), timeZone), timeFormat),
    [timeZone, timeFormat, frameUnit],
  );
}

/** Props of {@link FrameSlider}. */
export interface FrameSliderProps {
  starts: readonly number[];
  frameUnit: 'hour' | 'day';
  timeZone: string;
  replay: FrameReplay;
}

/** Play/pause and a slider over the frames of a period, with the shown frame's local time. */
export function FrameSlider({ starts, frameUnit, timeZone, replay }: FrameSliderProps) {
  const { t } = useTranslation();
  const frameTime = useFrameTime(timeZone, frameUnit);
  const start = starts[replay.index];
  return (
    <Flex align="center" gap={12} wrap data-testid="frame-slider" data-frame={replay.index}>
      <Button
        icon={replay.playing ? <PauseOutlined /> : <CaretRightOutlined />}
        onClick={replay.toggle}
        disabled={starts.length < 2}
        data-testid="frame-play"
      >
        {t(replay.playing ? 'statistics.replay.pause' : 'statistics.replay.play')}
      </Button>
      <Slider
        style={{ flex: '1 1 240px', minWidth: 160 }}
        min={0}
        max={Math.max(starts.length - 1, 0)}
        value={replay.index}
        onChange={replay.setIndex}
        tooltip={{
          formatter: (value) => (value === undefined || starts[value] === undefined ? '' : frameTime(starts[value])),
        }}
        aria-label={t('statistics.replay.label')}
        disabled={starts.length < 2}
      />
      <Typography.Text data-testid="frame-time">
        {start === undefined
          ? '—'
          : t('statistics.replay.frame', { index: replay.index + 1, count: starts.length, time: frameTime(start) })}
      </Typography.Text>
    </Flex>
  );
}
