import type { TablePaginationConfig } from 'antd';
import { useSession } from '../stores/session';

/** A list the server pages: the page shown, how many rows there are in all, and the page change. */
export interface ServerPaging {
  page: number;
  total: number;
  onPageChange: (page: number) => void;
}

/**
 * antd pagination props of a list paged by the user's page size (section 3 `pageNumber`): no size
 * changer, hidden while everything fits on one page. Without `paging` the table pages the rows it holds;
 * with it, the server pages and the table shows page `paging.page` of `paging.total` rows.
 */
export function tablePagination(pageSize: number, paging?: ServerPaging): TablePaginationConfig {
  const config: TablePaginationConfig = { pageSize, showSizeChanger: false, hideOnSinglePage: true };
  return paging ? { ...config, current: paging.page, total: paging.total, onChange: paging.onPageChange } : config;
}

/** {@link tablePagination} with the signed-in user's page size. */
export function useTablePagination(paging?: ServerPaging): TablePaginationConfig {
  const pageSize = useSession((state) => state.pageNumber);
  return tablePagination(pageSize, paging);
}
