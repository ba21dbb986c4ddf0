import { type FormInstance, Modal } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A dialog around one form: Save (or `okText`) submits `form`, Cancel and the close button call `onClose`;
 * the form's fields go when it closes.
 */
export function FormDialog({
  form,
  title,
  okText,
  pending,
  onClose,
  open = true,
  width,
  children,
}: {
  form: FormInstance;
  title: ReactNode;
  /** The submit button's text; Save when not given. */
  okText?: string;
  /** While the form is being saved: Save shows it and waits. */
  pending: boolean;
  onClose: () => void;
  open?: boolean;
  width?: number;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      width={width}
      title={title}
      okText={okText ?? t('common.actions.save')}
      cancelText={t('common.actions.cancel')}
      confirmLoading={pending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {children}
    </Modal>
  );
}
