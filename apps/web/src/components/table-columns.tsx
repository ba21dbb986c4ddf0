import { Button, type TableColumnType, Typography } from 'antd';
import type { ReactNode } from 'react';
import { type RowAction, RowActions } from './row-actions';

/**
 * Horizontal scrolling of every console table: the table is as wide as its content and scrolls inside
 * its card, never the page; the name and actions columns stay in place.
 */
export const TABLE_SCROLL = { x: 'max-content' } as const;

/** What {@link nameColumn} shows and opens. */
export interface NameColumnOptions<Row> {
  title: ReactNode;
  /** The row's name as text (also the accessible name of its link). */
  text: (row: Row) => string;
  /** Opens the row's detail (or its editor) from the name. */
  onOpen?: (row: Row) => void;
  /** Whether this row's name opens anything (default: every row's does when `onOpen` is given). */
  canOpen?: (row: Row) => boolean;
  /** Accessible name of the name link when it opens something other than a detail ("Edit Office default"). */
  openLabel?: (row: Row) => string;
  /** Shown before the name: a thumbnail or an icon. */
  before?: (row: Row) => ReactNode;
  /** Shown after the name: tags such as "default". */
  after?: (row: Row) => ReactNode;
  key?: string;
  testId?: string;
}

/**
 * The first column of a table: the row's name, kept at the left while the table scrolls, never narrower
 * than its words (names wrap between words only), and a link to the row's detail when there is one.
 */
export function nameColumn<Row>(options: NameColumnOptions<Row>): TableColumnType<Row> {
  const { title, text, onOpen, canOpen, openLabel, before, after, key = 'name', testId } = options;
  return {
    key,
    title,
    fixed: 'left',
    className: 'lw-name-column',
    render: (_, row) => {
      const name = text(row);
      return (
        <span className="lw-name-cell" data-testid={testId}>
          {before?.(row)}
          {onOpen && (canOpen?.(row) ?? true) ? (
            <Button
              type="link"
              size="small"
              className="lw-name-cell__open"
              aria-label={openLabel?.(row)}
              onClick={() => onOpen(row)}
            >
              {name}
            </Button>
          ) : (
            <Typography.Text strong className="lw-name-cell__text">
              {name}
            </Typography.Text>
          )}
          {after?.(row)}
        </span>
      );
    },
  };
}

/** What {@link actionsColumn} shows. */
export interface ActionsColumnOptions<Row> {
  title: ReactNode;
  actions: (row: Row) => readonly RowAction[];
  /** Name of the row, for the accessible name of its "More" button. */
  rowName?: (row: Row) => string;
  key?: string;
}

/**
 * The last column of a table: the row's actions on one line, kept at the right while the table scrolls,
 * with what does not fit the width in a "More" menu.
 */
export function actionsColumn<Row>(options: ActionsColumnOptions<Row>): TableColumnType<Row> {
  const { title, actions, rowName, key = 'actions' } = options;
  return {
    key,
    title,
    fixed: 'right',
    className: 'lw-actions-column',
    render: (_, row) => <RowActions actions={actions(row)} rowName={rowName?.(row)} />,
  };
}
