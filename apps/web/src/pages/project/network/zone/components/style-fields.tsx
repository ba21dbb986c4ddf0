import { ColorPicker, Form, InputNumber } from 'antd';

/** Hex text of a colour chosen in a ColorPicker, with alpha only when it is see-through. */
const hexOf = (color: { toHexString: () => string }) => color.toHexString();

/** A form row with a colour picker whose value is hex text (domain `ColorSchema`). */
export function ColorField({ name, label, testId }: { name: string; label: string; testId: string }) {
  return (
    <Form.Item name={name} label={label} getValueFromEvent={hexOf}>
      <ColorPicker showText format="hex" data-testid={testId} />
    </Form.Item>
  );
}

/** A form row with a whole number between `min` and `max`. */
export function NumberField(props: { name: string; label: string; min: number; max: number; testId: string }) {
  return (
    <Form.Item name={props.name} label={props.label} rules={[{ required: true, type: 'number' }]}>
      <InputNumber min={props.min} max={props.max} precision={0} style={{ width: '100%' }} data-testid={props.testId} />
    </Form.Item>
  );
}
