import { Flex, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Choice } from '../use-equipment-scope';

/** Props of {@link ScopeBar}. */
export interface ScopeBarProps {
  pid: number | null;
  projects: Choice[];
  networks: Choice[];
  nids: number[];
  loading: boolean;
  onProject: (pid: number) => void;
  onNetworks: (nids: number[]) => void;
}

/** Picks the project and, of its networks, those the statistics cover (none picked: all of them). */
export function ScopeBar({ pid, projects, networks, nids, loading, onProject, onNetworks }: ScopeBarProps) {
  const { t } = useTranslation();
  return (
    <Flex wrap gap={12}>
      <Select<number>
        style={{ minWidth: 220 }}
        showSearch={{ optionFilterProp: 'label' }}
        loading={loading}
        value={pid ?? undefined}
        onChange={onProject}
        options={projects}
        placeholder={t('equipment.page.project')}
        aria-label={t('equipment.page.project')}
        data-testid="equipment-project"
      />
      <Select<number[]>
        mode="multiple"
        allowClear
        style={{ minWidth: 320, flex: 1 }}
        showSearch={{ optionFilterProp: 'label' }}
        value={nids}
        onChange={onNetworks}
        options={networks}
        placeholder={t('equipment.page.allNetworks')}
        aria-label={t('equipment.page.networks')}
        data-testid="equipment-networks-choice"
      />
    </Flex>
  );
}
