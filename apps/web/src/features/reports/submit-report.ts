import type { TFunction } from 'i18next';
import { isApiError } from '../../api/errors';
import { toast } from '../../app/feedback';

/**
 * Asks for a report through `submit`: says so when the server took it (it is built in the background and
 * shows in the list below the form), or shows the server's refusal in the user's language.
 */
export async function submitReport(submit: () => Promise<unknown>, t: TFunction): Promise<void> {
  try {
    await submit();
    toast.success(t('project.reports.form.created'));
  } catch (error) {
    if (isApiError(error)) toast.error(error.message);
  }
}
