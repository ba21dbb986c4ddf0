import { message } from 'antd';
import { useEffect } from 'react';
import { AntdTheme } from './antd-theme';
import { bindMessageApi } from './feedback';

function MessageBinding() {
  const [api, holder] = message.useMessage();
  useEffect(() => {
    bindMessageApi(api);
    return () => bindMessageApi(undefined);
  }, [api]);
  return holder;
}

/**
 * antd's message API in the app's theme and locale (antd's App, which also brings modal and
 * notification code, is not used; a page that confirms uses Modal.useModal). Loaded with the first toast.
 */
export function MessageHolder() {
  return (
    <AntdTheme>
      <MessageBinding />
    </AntdTheme>
  );
}
