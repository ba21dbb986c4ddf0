import { Button, Card } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type GatewayRow, useGatewayListQuery } from '../../../api/gateway';
import { useNetworkDetailQuery } from '../../../api/zone';
import { LiveStatusTag } from '../../../features/control/live-status';
import { NetworkGate } from '../../../features/control/network-gate';
import { useLiveNetwork } from '../../../features/live';
import { AddGatewayDialog } from './components/add-gateway-dialog';
import { DiagnosisDrawer } from './components/diagnosis-drawer';
import { GatewayTable } from './components/gateway-table';
import { type GatewaySecret, SecretDialog } from './components/secret-dialog';

/** Gateway page (/remote/gateway, 4-5): the current network's gateways, live. */
export function RemoteGatewayPage() {
  return <NetworkGate>{(nid) => <GatewayWorkspace nid={nid} />}</NetworkGate>;
}

function GatewayWorkspace({ nid }: { nid: number }) {
  const { t } = useTranslation();
  const network = useNetworkDetailQuery(nid);
  const gateways = useGatewayListQuery(nid);
  const live = useLiveNetwork(nid);
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<GatewaySecret | null>(null);
  const [diagnosis, setDiagnosis] = useState<GatewayRow | null>(null);
  const canConfigure = Boolean(network.data?.abilities.edit);
  return (
    <Card
      title={t('gateway.page.title', { network: network.data?.name ?? '' })}
      extra={
        <>
          <LiveStatusTag status={live} />
          {canConfigure && (
            <Button type="primary" onClick={() => setAdding(true)}>
              {t('gateway.add.open')}
            </Button>
          )}
        </>
      }
      data-testid="gateway-page"
    >
      <GatewayTable
        gateways={gateways.data ?? []}
        loading={gateways.isLoading}
        canConfigure={canConfigure}
        onDiagnosis={setDiagnosis}
        onSecret={setSecret}
        onAdd={() => setAdding(true)}
      />
      {adding && (
        <AddGatewayDialog
          nid={nid}
          onClose={() => setAdding(false)}
          onAdded={(added) => {
            setAdding(false);
            setSecret(added);
          }}
        />
      )}
      {secret && <SecretDialog value={secret} onClose={() => setSecret(null)} />}
      {diagnosis && <DiagnosisDrawer gateway={diagnosis} onClose={() => setDiagnosis(null)} />}
    </Card>
  );
}
