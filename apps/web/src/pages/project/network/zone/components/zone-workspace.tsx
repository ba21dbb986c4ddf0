import { DEFAULT_IMAGE_SIZE } from '@lightwell/domain';
import { Card, Empty, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFileUrlQuery } from '../../../../../api/file';
import { useNetworkDetailQuery, useViewStateQuery, useZoneMapQuery } from '../../../../../api/zone';
import { useZoneEditor } from '../use-zone-editor';
import { BackupDrawer } from './backup-drawer';
import { ZoneMap } from './zone-map';
import { ZoneToolbar } from './zone-toolbar';

const EMPTY_MAP = { zones: [], nodes: [] };

/**
 * Everything the zone page shows of one network: the floor plan with zoom, pan and the user's saved
 * view; in edit mode (abilities.edit) zones drawn, moved, styled and deleted, devices added and
 * placed, the image uploaded; backups (abilities.backup). Keyed by network, so a switch starts afresh.
 */
export function ZoneWorkspace({ nid }: { nid: number }) {
  const { t } = useTranslation();
  const network = useNetworkDetailQuery(nid);
  const map = useZoneMapQuery(nid);
  const storedView = useViewStateQuery(nid);
  const image = useFileUrlQuery(network.data?.image);
  const [editing, setEditing] = useState(false);
  const [backups, setBackups] = useState(false);
  const editor = useZoneEditor(nid, map.data ?? EMPTY_MAP, network.data?.imageSize ?? DEFAULT_IMAGE_SIZE);

  const detail = network.data;
  const ready = detail && map.data && storedView.isSuccess;
  const canEdit = Boolean(detail?.abilities.edit);
  return (
    <Card
      title={detail ? t('zone.page.title', { network: detail.name }) : t('menu.project.zone')}
      extra={
        detail && (
          <ZoneToolbar
            network={detail}
            editing={canEdit && editing}
            onEditing={setEditing}
            onAddNode={() => editor.setPrompt({ kind: 'node' })}
            onBackups={() => setBackups(true)}
          />
        )
      }
      data-testid="zone-page"
    >
      {ready ? (
        <ZoneMap
          key={detail.id}
          network={detail}
          map={map.data}
          imageUrl={image.data ?? null}
          storedView={storedView.data ?? null}
          editing={canEdit && editing}
          editor={editor}
        />
      ) : network.isError || map.isError ? (
        <Empty description={t('zone.page.unavailable')} />
      ) : (
        <Spin aria-label={t('common.loading')} />
      )}
      {backups && detail?.abilities.backup && <BackupDrawer nid={detail.id} onClose={() => setBackups(false)} />}
    </Card>
  );
}
