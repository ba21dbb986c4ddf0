import { Card, Select } from 'antd';

export interface PickerCardProps {
  label: string;
  value: number | null;
  options: { value: number; label: string }[];
  loading: boolean;
  onChange: (value: number) => void;
  testId: string;
}

/** The card at the top of a page that picks what the page is about (a network, a project). */
export function PickerCard({ label, value, options, loading, onChange, testId }: PickerCardProps) {
  return (
    <Card>
      <Select
        style={{ width: '100%', maxWidth: 480 }}
        showSearch={{ optionFilterProp: 'label' }}
        loading={loading}
        value={value ?? undefined}
        onChange={onChange}
        options={options}
        placeholder={label}
        aria-label={label}
        data-testid={testId}
      />
    </Card>
  );
}
