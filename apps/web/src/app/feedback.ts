import { Limits } from '@lightwell/domain';
import type { MessageInstance } from 'antd/es/message/interface';

export type { MessageInstance };

type Kind = 'success' | 'error' | 'warning';

let bound: MessageInstance | undefined;
/** Toasts asked for before the message API has come (it loads with the first toast). */
const waiting: { kind: Kind; content: string; ms: number }[] = [];
let wanted = false;
const listeners = new Set<() => void>();

/** Connects toasts to the message holder (theme and locale) once it has mounted; shows those waiting. */
export function bindMessageApi(instance: MessageInstance | undefined): void {
  bound = instance;
  if (!instance) return;
  for (const { kind, content, ms } of waiting.splice(0)) void instance[kind]({ content, duration: ms / 1000 });
}

/** True once a toast has been asked for: the toast host then loads antd's message API. */
export function toastsWanted(): boolean {
  return wanted;
}

/** Calls `listener` when the first toast is asked for. */
export function onToastsWanted(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function show(kind: Kind, content: string, ms: number) {
  if (bound) {
    void bound[kind]({ content, duration: ms / 1000 });
    return;
  }
  waiting.push({ kind, content, ms });
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
}

/**
 * Toasts with the spec's durations (section 8): 3000 ms by default, 2000 ms for the success after
 * saving (pass `Limits.toastShortMs`), 6000 ms for the long error. antd's message code is fetched
 * with the first toast, so pages that never toast do not carry it.
 */
export const toast = {
  success(content: string, ms: number = Limits.toastMs) {
    show('success', content, ms);
  },
  /** Success after saving: 2000 ms (section 8). */
  saved(content: string) {
    show('success', content, Limits.toastShortMs);
  },
  error(content: string, ms: number = Limits.toastMs) {
    show('error', content, ms);
  },
  warning(content: string, ms: number = Limits.toastShortMs) {
    show('warning', content, ms);
  },
};
