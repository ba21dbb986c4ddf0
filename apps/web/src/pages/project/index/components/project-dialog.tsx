import type { ProjectListItem } from '@lightwell/domain';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useProjectAddMutation, useProjectUpdateMutation } from '../../../../api/project';
import { toast } from '../../../../app/feedback';
import { FormDialog } from '../../../../components/form-dialog';
import { useSession } from '../../../../stores/session';
import { ENTITY_NAME_MAX, REMARKS_MAX, useNameRules } from '../../name-rules';

interface ProjectValues {
  name: string;
  remarks: string;
}

/**
 * Dialog to create a project, or to rename one and edit its remarks. Success closes it on the
 * reloaded list; a renamed current project is renamed in the breadcrumb too.
 */
export function ProjectDialog({ project, onClose }: { project?: ProjectListItem; onClose: () => void }) {
  const { t } = useTranslation();
  const rules = useNameRules();
  const [form] = Form.useForm<ProjectValues>();
  const add = useProjectAddMutation();
  const update = useProjectUpdateMutation();
  const pending = add.isPending || update.isPending;

  const handleSubmit = (values: ProjectValues) => {
    const input = { name: values.name.trim(), remarks: values.remarks ?? '' };
    if (project) {
      update.mutate(
        { pid: project.id, ...input },
        {
          onSuccess: (saved) => {
            const session = useSession.getState();
            if (session.pid === saved.id) session.setProject(saved.id, saved.name);
            toast.saved(t('project.messages.updated'));
            onClose();
          },
        },
      );
    } else {
      add.mutate(input, {
        onSuccess: () => {
          toast.saved(t('project.messages.created'));
          onClose();
        },
      });
    }
  };

  return (
    <FormDialog
      form={form}
      title={t(project ? 'project.form.editTitle' : 'project.form.createTitle')}
      pending={pending}
      onClose={onClose}
    >
      <Form
        form={form}
        layout="vertical"
        name="project-form"
        initialValues={{ name: project?.name ?? '', remarks: project?.remarks ?? '' }}
        onFinish={handleSubmit}
      >
        <Form.Item name="name" label={t('project.form.name')} rules={rules.project}>
          <Input maxLength={ENTITY_NAME_MAX} autoFocus />
        </Form.Item>
        <Form.Item name="remarks" label={t('project.form.remarks')}>
          <Input.TextArea maxLength={REMARKS_MAX} rows={4} showCount />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}
