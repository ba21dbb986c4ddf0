import { PlusOutlined } from '@ant-design/icons';
import { Button, Empty } from 'antd';
import type { ReactNode } from 'react';

/** The button of an empty list: what to do first. */
export interface EmptyAction {
  label: string;
  onClick: () => void;
  /** Defaults to a plus sign (something is added). */
  icon?: ReactNode;
}

/**
 * What an empty list shows: a sentence saying what to do, and the button that does it when the user may
 * (owners and installers add, others only read). For a table's `locale.emptyText` or a card's body.
 */
export function EmptyState({
  description,
  action,
  testId,
}: {
  description: string;
  action?: EmptyAction;
  testId?: string;
}) {
  return (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={description} data-testid={testId}>
      {action && (
        <Button type="primary" icon={action.icon ?? <PlusOutlined />} onClick={action.onClick}>
          {action.label}
        </Button>
      )}
    </Empty>
  );
}

/**
 * A table's `locale` for its empty state: shown once the rows are known to be none, never while they load.
 * antd draws the empty text under its loading veil, so a list that was loading showed "nothing here yet" and
 * a second add button beside the toolbar's until its rows arrived.
 */
export function emptyLocale(loading: boolean, empty: ReactNode): { emptyText: ReactNode } {
  return { emptyText: loading ? <div className="lw-table-loading" /> : empty };
}
