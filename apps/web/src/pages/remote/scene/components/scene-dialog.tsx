import {
  type CurvePoint,
  defaultCurve,
  hasCurve,
  SCENE_TYPES,
  type Scene,
  SceneParamsSchemas,
  type SceneType,
} from '@lightwell/domain';
import { Divider, Form, Input, InputNumber, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSceneMutations } from '../../../../api/scene';
import { toast } from '../../../../app/feedback';
import { FormDialog } from '../../../../components/form-dialog';
import { PictureField } from '../../components/picture-field';
import { CurveEditor } from './curve-editor';
import { SceneParams } from './scene-params';

interface SceneValues {
  name: string;
  image: string | null;
  type: SceneType;
  fadeTime: number;
  params: Record<string, unknown>;
}

/** Parameters of a type with its defaults, keeping the values of `current` that the type has. */
function paramsFor(type: SceneType, current: Record<string, unknown> = {}) {
  const schema = SceneParamsSchemas[type];
  const kept = Object.fromEntries(Object.entries(current).filter(([key]) => key in schema.shape));
  const parsed = schema.safeParse(kept);
  return (parsed.success ? parsed.data : schema.parse({})) as Record<string, unknown>;
}

/** Drops empty optional fields (an emptied colour temperature) before sending. */
const clean = (params: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(params).filter(([, value]) => value !== null && value !== undefined));

/** Dialog to create or edit a scene: name, type, fade time, the type's parameters and its curve. */
export function SceneDialog({ nid, scene, onClose }: { nid: number; scene?: Scene; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SceneValues>();
  const { add, update } = useSceneMutations();
  const type = Form.useWatch('type', form) ?? scene?.type ?? 'generic';
  const [curve, setCurve] = useState<CurvePoint[]>(scene?.curve ?? defaultCurve());

  const handleSubmit = (values: SceneValues) => {
    const body = {
      name: values.name,
      image: values.image ?? null,
      type: values.type,
      fadeTime: values.fadeTime ?? 0,
      params: clean(values.params ?? {}),
      curve: hasCurve(values.type) ? curve : null,
    };
    const done = (key: string) => () => {
      toast.saved(t(key));
      onClose();
    };
    if (scene) update.mutate({ sceneId: scene.id, ...body }, { onSuccess: done('scene.messages.updated') });
    else add.mutate({ nid, ...body }, { onSuccess: done('scene.messages.created') });
  };

  return (
    <FormDialog
      form={form}
      width={760}
      title={scene ? t('scene.form.editTitle') : t('scene.form.createTitle')}
      pending={add.isPending || update.isPending}
      onClose={onClose}
    >
      <Form
        form={form}
        layout="vertical"
        name="scene-form"
        initialValues={{
          name: scene?.name,
          image: scene?.image ?? null,
          type: scene?.type ?? 'generic',
          fadeTime: scene?.fadeTime ?? 0,
          params: paramsFor(scene?.type ?? 'generic', scene?.params),
        }}
        onValuesChange={(changed: Partial<SceneValues>) => {
          if (changed.type) form.setFieldValue('params', paramsFor(changed.type, form.getFieldValue('params')));
        }}
        onFinish={handleSubmit}
      >
        <Form.Item
          name="name"
          label={t('scene.form.name')}
          rules={[{ required: true, whitespace: true, message: t('scene.form.nameRequired') }, { max: 64 }]}
        >
          <Input maxLength={64} autoFocus />
        </Form.Item>
        <Form.Item name="image" label={t('group.picture.label')}>
          <PictureField nid={nid} />
        </Form.Item>
        <Form.Item name="type" label={t('scene.form.type')}>
          <Select virtual={false} options={SCENE_TYPES.map((value) => ({ value, label: t(`scene.types.${value}`) }))} />
        </Form.Item>
        <Form.Item name="fadeTime" label={t('scene.form.fadeTime')}>
          <InputNumber min={0} max={3600} step={0.5} />
        </Form.Item>
        <Divider>{t('scene.form.parameters')}</Divider>
        <SceneParams type={type} />
        {hasCurve(type) && (
          <>
            <Divider>{t('scene.form.curve')}</Divider>
            <CurveEditor value={curve} onChange={setCurve} sequence={type === 'animation'} />
          </>
        )}
      </Form>
    </FormDialog>
  );
}
