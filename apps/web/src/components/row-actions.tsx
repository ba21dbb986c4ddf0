import { EllipsisOutlined } from '@ant-design/icons';
import { Button, Dropdown, Grid, Popconfirm } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** What a row action asks before it runs (a danger action such as delete). */
export interface RowActionConfirm {
  title: ReactNode;
  description?: ReactNode;
  okText?: string;
  cancelText?: string;
  /** The OK button is red. */
  danger?: boolean;
}

/** One action of a table row: a link button when it fits, an entry of the row's "More" menu when narrow. */
export interface RowAction {
  key: string;
  label: string;
  onClick: () => unknown;
  /** Left out of the row (the user may not take it). */
  hidden?: boolean;
  danger?: boolean;
  /** A filled button (the row's main command, e.g. switch on); otherwise a link. */
  primary?: boolean;
  loading?: boolean;
  /** Accessible name when the label alone is ambiguous ("Switch Storage on"). */
  ariaLabel?: string;
  testId?: string;
  /** Always in the "More" menu, at every width. */
  menuOnly?: boolean;
  confirm?: RowActionConfirm;
}

/**
 * How many actions a row shows as buttons at the current window width: all of them from 1600 px, three
 * from 1200 px, one from 768 px, none on a phone; the rest go into the row's "More" menu.
 */
function useInlineActionCount(): number {
  const screens = Grid.useBreakpoint();
  if (screens.xxl) return Number.POSITIVE_INFINITY;
  if (screens.xl) return 3;
  if (screens.md) return 1;
  return 0;
}

/** Splits a row's visible actions into the buttons shown and the "More" menu's entries. */
export function splitRowActions(actions: readonly RowAction[], inlineCount: number) {
  const visible = actions.filter((action) => !action.hidden);
  const candidates = visible.filter((action) => !action.menuOnly);
  // A "More" menu for a single action would save no room: show that action instead.
  const fitsWithOneMore = inlineCount > 0 && candidates.length === visible.length && visible.length <= inlineCount + 1;
  const inline = fitsWithOneMore ? candidates : candidates.slice(0, inlineCount);
  return { inline, folded: visible.filter((action) => !inline.includes(action)) };
}

function confirmProps(confirm: RowActionConfirm, t: (key: string) => string) {
  return {
    title: confirm.title,
    description: confirm.description,
    okText: confirm.okText,
    cancelText: confirm.cancelText ?? t('common.actions.cancel'),
    okButtonProps: { danger: confirm.danger ?? true },
  };
}

/**
 * The actions of one table row on one line (never stacked): as many as the width allows as link buttons,
 * the rest in a "More" menu. A folded action that asks first opens its confirmation on the "More" button.
 */
export function RowActions({
  actions,
  rowName,
  inlineCount,
}: {
  actions: readonly RowAction[];
  rowName?: string;
  /** How many actions show as buttons; by default as many as the window width allows. */
  inlineCount?: number;
}) {
  const { t } = useTranslation();
  const widthCount = useInlineActionCount();
  const { inline, folded } = splitRowActions(actions, inlineCount ?? widthCount);
  const [confirming, setConfirming] = useState<RowAction | null>(null);

  const button = (action: RowAction) => (
    <Button
      key={action.key}
      type={action.primary ? 'primary' : 'link'}
      size="small"
      danger={action.danger}
      loading={action.loading}
      aria-label={action.ariaLabel}
      data-testid={action.testId}
      onClick={action.confirm ? undefined : () => action.onClick()}
    >
      {action.label}
    </Button>
  );

  const more = folded.length > 0 && (
    <Popconfirm
      key="more"
      open={confirming !== null}
      onOpenChange={(open) => !open && setConfirming(null)}
      {...(confirming?.confirm ? confirmProps(confirming.confirm, t) : { title: '' })}
      onConfirm={() => confirming?.onClick()}
    >
      <Dropdown
        trigger={['click']}
        menu={{
          items: folded.map((action) => ({
            key: action.key,
            label: action.label,
            danger: action.danger,
            'data-testid': action.testId,
          })),
          onClick: ({ key }) => {
            const action = folded.find((entry) => entry.key === key);
            if (!action) return;
            if (action.confirm) setConfirming(action);
            else action.onClick();
          },
        }}
      >
        <Button
          type="link"
          size="small"
          icon={<EllipsisOutlined />}
          aria-label={rowName ? t('common.actions.moreFor', { name: rowName }) : t('common.actions.more')}
          title={t('common.actions.more')}
        />
      </Dropdown>
    </Popconfirm>
  );

  return (
    <span className="lw-row-actions">
      {inline.map((action) =>
        action.confirm ? (
          <Popconfirm key={action.key} {...confirmProps(action.confirm, t)} onConfirm={() => action.onClick()}>
            {button(action)}
          </Popconfirm>
        ) : (
          button(action)
        ),
      )}
      {more}
    </span>
  );
}
