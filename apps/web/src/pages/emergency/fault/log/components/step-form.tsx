import type { FaultStep } from '@lightwell/domain';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { epochOfWallInput, wallInputOf } from '../../../../../features/emergency/period';

/** What a workflow step records: when (in the site's zone), who and a remark. */
export interface StepValues {
  at: number;
  person: string;
  remark: string;
}

/**
 * One workflow step's form: time as wall time in the site's zone (shown beside the field), the person
 * who did it and a remark. Save is enabled once time and person are filled.
 */
export function StepForm({
  step,
  timeZone,
  defaultPerson,
  saving,
  onSave,
}: {
  step: FaultStep;
  timeZone: string;
  defaultPerson: string;
  saving: boolean;
  onSave: (values: StepValues) => void;
}) {
  const { t } = useTranslation();
  const [when, setWhen] = useState(() => wallInputOf(Math.floor(Date.now() / 1000), timeZone));
  const [person, setPerson] = useState(defaultPerson);
  const [remark, setRemark] = useState('');
  const at = epochOfWallInput(when, timeZone);
  const ready = at !== null && person.trim().length > 0;
  return (
    <Form layout="vertical" data-testid={`step-${step}`}>
      <Form.Item label={t('emergencyPages.steps.time', { zone: timeZone })}>
        <Input
          type="datetime-local"
          aria-label={t('emergencyPages.steps.time', { zone: timeZone })}
          value={when}
          onChange={(event) => setWhen(event.target.value)}
        />
      </Form.Item>
      <Form.Item label={t('emergencyPages.steps.person')}>
        <Input
          aria-label={t('emergencyPages.steps.person')}
          maxLength={64}
          value={person}
          onChange={(event) => setPerson(event.target.value)}
        />
      </Form.Item>
      <Form.Item label={t('emergencyPages.fields.remark')}>
        <Input.TextArea
          aria-label={t('emergencyPages.fields.remark')}
          maxLength={1000}
          rows={2}
          value={remark}
          onChange={(event) => setRemark(event.target.value)}
        />
      </Form.Item>
      <Button
        type="primary"
        disabled={!ready}
        loading={saving}
        data-testid={`save-${step}`}
        onClick={() => at !== null && onSave({ at, person: person.trim(), remark })}
      >
        {t(`emergencyPages.steps.save.${step}`)}
      </Button>
    </Form>
  );
}
