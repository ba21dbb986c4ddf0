import { Limits } from '@lightwell/domain';
import { message as staticMessage } from 'antd';

/** The antd message API bound to the providers' context (theme and locale). */
export type MessageInstance = ReturnType<typeof staticMessage.useMessage>[0];

let bound: MessageInstance | undefined;

/** Connects toasts to the providers' message holder (theme and locale); called once by the providers. */
export function bindMessageApi(instance: MessageInstance | undefined): void {
  bound = instance;
}

function api(): Pick<MessageInstance, 'success' | 'error' | 'warning' | 'info'> {
  return bound ?? staticMessage;
}

/**
 * Toasts with the spec's durations (section 8): 3000 ms by default, 2000 ms for the success after
 * saving (pass `Limits.toastShortMs`), 6000 ms for the long error.
 */
export const toast = {
  success(content: string, ms: number = Limits.toastMs) {
    void api().success({ content, duration: ms / 1000 });
  },
  /** Success after saving: 2000 ms (section 8). */
  saved(content: string) {
    void api().success({ content, duration: Limits.toastShortMs / 1000 });
  },
  error(content: string, ms: number = Limits.toastMs) {
    void api().error({ content, duration: ms / 1000 });
  },
  warning(content: string, ms: number = Limits.toastShortMs) {
    void api().warning({ content, duration: ms / 1000 });
  },
};
