import { Result, Spin } from 'antd';

/** What a print page shows until its printout is there; the texts come translated from the page. */
export type PrintStateProps =
  /** The link names nothing to print (or the server refused it): what is wrong and where to open it from. */
  | { kind: 'badLink'; title: string; hint: string; testId?: string }
  /** The printout could not be read: the server's message, in the reader's language. */
  | { kind: 'error'; message: string }
  | { kind: 'loading' };

/**
 * The bad-link, error and loading states of the print pages (bare layout: `/report/device/pdf`,
 * `/report/networkEquipDataPDF`, `/emergency/element/report…`), alike on each of them.
 */
export function PrintState(props: PrintStateProps) {
  if (props.kind === 'loading') return <Spin className="lw-page-spin" />;
  if (props.kind === 'error') return <Result status="error" title={props.message} />;
  return <Result status="warning" title={props.title} subTitle={props.hint} data-testid={props.testId} />;
}
