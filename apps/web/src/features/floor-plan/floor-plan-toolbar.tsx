import {
  AimOutlined,
  BorderOutlined,
  DragOutlined,
  ExpandOutlined,
  NodeIndexOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import { FloorPlanZoom } from '@lightwell/domain';
import { Button, Divider, Space, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FloorPlanTool } from './types';

/** Props of {@link FloorPlanToolbar}. */
export interface FloorPlanToolbarProps {
  zoom: number;
  mode: 'view' | 'edit';
  tool: FloorPlanTool;
  onTool: (tool: FloorPlanTool) => void;
  onZoomIn: () => void;
  onZoomOut: () => void;
  onReset: () => void;
  /** Shows the whole plan, centred. */
  onFit: () => void;
  /** What the pointer does now; the map refers to it by `hintId`. */
  hint: string;
  hintId: string;
}

/** Zoom buttons with the zoom level, in edit mode the drawing tools, and a hint; every button is labelled. */
export function FloorPlanToolbar(props: FloorPlanToolbarProps) {
  const { zoom, mode, tool, onTool, onZoomIn, onZoomOut, onReset, onFit, hint, hintId } = props;
  const { t } = useTranslation();
  const tools: { value: FloorPlanTool; label: string; icon: ReactNode }[] = [
    { value: 'select', label: t('floorPlan.tool.select'), icon: <DragOutlined /> },
    { value: 'rectangle', label: t('floorPlan.tool.rectangle'), icon: <BorderOutlined /> },
    { value: 'polygon', label: t('floorPlan.tool.polygon'), icon: <NodeIndexOutlined /> },
  ];
  return (
    <Space role="toolbar" aria-label={t('floorPlan.toolbar')} size={4} wrap>
      <IconButton
        label={t('floorPlan.zoom.out')}
        icon={<ZoomOutOutlined />}
        onClick={onZoomOut}
        disabled={zoom <= FloorPlanZoom.min}
        testId="floor-plan-zoom-out"
      />
      <ZoomLevel zoom={zoom} />
      <IconButton
        label={t('floorPlan.zoom.in')}
        icon={<ZoomInOutlined />}
        onClick={onZoomIn}
        disabled={zoom >= FloorPlanZoom.max}
        testId="floor-plan-zoom-in"
      />
      <IconButton
        label={t('floorPlan.zoom.reset')}
        icon={<AimOutlined />}
        onClick={onReset}
        testId="floor-plan-reset"
      />
      <IconButton label={t('floorPlan.zoom.fit')} icon={<ExpandOutlined />} onClick={onFit} testId="floor-plan-fit" />
      {mode === 'edit' && (
        <>
          <Divider orientation="vertical" />
          <Space.Compact role="group" aria-label={t('floorPlan.tool.label')}>
            {tools.map((item) => (
              <IconButton
                key={item.value}
                label={item.label}
                icon={item.icon}
                pressed={tool === item.value}
                onClick={() => onTool(item.value)}
                testId={`floor-plan-tool-${item.value}`}
              />
            ))}
          </Space.Compact>
        </>
      )}
      {/* Plain text in antd's look: Typography would bring its copy and edit code to the plan page. */}
      <span id={hintId} className="lw-text-secondary" data-testid="floor-plan-hint">
        {hint}
      </span>
    </Space>
  );
}

/** A zoom level wider than any the map allows (3 digits and a decimal), with tabular digits as wide as any other. */
const WIDEST_PERCENT = 888.8;

/**
 * The zoom in percent, in a box as wide as the widest percentage in the current language (an invisible
 * copy of it shares the box), with tabular digits: the buttons after it do not move when it changes.
 */
function ZoomLevel({ zoom }: { zoom: number }) {
  const { t } = useTranslation();
  return (
    <span className="lw-zoom-level">
      <span aria-hidden="true" className="lw-zoom-level__sizer">
        {t('floorPlan.zoom.level', { percent: WIDEST_PERCENT })}
      </span>
      <span aria-live="polite" data-testid="floor-plan-zoom" className="lw-zoom-level__value">
        {t('floorPlan.zoom.level', { percent: Math.round(zoom * 1000) / 10 })}
      </span>
    </span>
  );
}

interface IconButtonProps {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  testId: string;
  disabled?: boolean;
  pressed?: boolean;
}

function IconButton({ label, icon, onClick, testId, disabled, pressed }: IconButtonProps) {
  return (
    <Tooltip title={label}>
      <Button
        aria-label={label}
        aria-pressed={pressed}
        type={pressed ? 'primary' : 'default'}
        icon={icon}
        onClick={onClick}
        disabled={disabled}
        data-testid={testId}
      />
    </Tooltip>
  );
}
