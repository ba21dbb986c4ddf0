import { PlusOutlined } from '@ant-design/icons';
import { Code, type ProfileScope, type ProfileSummary } from '@lightwell/domain';
import { Button, Card, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../api/errors';
import { useProfileCopyMutation, useProfileDeleteMutation, useProfilePageQuery } from '../../../api/profile';
import { toast } from '../../../app/feedback';
import { EmptyState, emptyLocale } from '../../../components/empty-state';
import { actionsColumn, nameColumn, TABLE_SCROLL } from '../../../components/table-columns';
import { useFormatInstant } from '../../../hooks/use-format-instant';
import { useSession } from '../../../stores/session';
import { ApplyDialog } from './apply-dialog';
import { profileDisplayName } from './profile-name';
import { ProfileShareDialog } from './share-dialog';

/** Path of the editor (3-2-2) for a profile. */
export const profileEditPath = (id: number) => `/config/update?id=${id}`;

type Dialog = { kind: 'apply' | 'share'; profile: ProfileSummary } | null;

/**
 * A paged list of profiles of one scope (3-1 mine, 3-2 others' public, 3-3 system defaults), paged by
 * the user's page size. Own profiles are edited, applied, shared and deleted (1080 while in use);
 * the others are viewed and copied, and system defaults may also be applied.
 */
export function ProfileList({ scope, title }: { scope: ProfileScope; title: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const formatDateTime = useFormatInstant('local');
  const pageSize = useSession((state) => state.pageNumber);
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<Dialog>(null);
  const query = useProfilePageQuery(scope, page, pageSize);
  const remove = useProfileDeleteMutation();
  const copy = useProfileCopyMutation();

  const handleDelete = async (profile: ProfileSummary) => {
    try {
      await remove.mutateAsync({ profileId: profile.id });
      toast.saved(t('profile.messages.deleted'));
    } catch (error) {
      if (isApiError(error, Code.profileInUse)) toast.error(t('errors.1080'));
    }
  };
  const handleCopy = (profile: ProfileSummary) =>
    copy.mutate(
      { profileId: profile.id, name: profileDisplayName(t, profile) },
      { onSuccess: (created) => void navigate(profileEditPath(created.id)) },
    );

  return (
    <Card
      title={title}
      extra={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          data-testid="profile-create"
          onClick={() => void navigate('/config/add')}
        >
          {t('profile.list.create')}
        </Button>
      }
    >
      <Table<ProfileSummary>
        rowKey="id"
        data-testid={`profile-table-${scope}`}
        loading={query.isPending}
        dataSource={query.data?.list ?? []}
        pagination={{
          current: page,
          pageSize,
          total: query.data?.total ?? 0,
          showSizeChanger: false,
          onChange: setPage,
        }}
        locale={emptyLocale(
          query.isPending,
          <EmptyState
            description={t(`profile.list.empty.${scope}`)}
            action={
              scope === 'mine'
                ? { label: t('profile.list.create'), onClick: () => void navigate('/config/add') }
                : undefined
            }
            testId={`profiles-empty-${scope}`}
          />,
        )}
        scroll={TABLE_SCROLL}
        columns={[
          nameColumn<ProfileSummary>({
            title: t('profile.columns.name'),
            text: (profile) => profileDisplayName(t, profile),
            onOpen: (profile) => void navigate(profileEditPath(profile.id)),
            after: (profile) => (
              <>
                {profile.isSystem && <Tag color="gold">{t('profile.list.system')}</Tag>}
                {profile.mine && profile.isPublic && <Tag color="blue">{t('profile.list.public')}</Tag>}
              </>
            ),
          }),
          ...(scope === 'others'
            ? [{ key: 'creator', title: t('profile.columns.creator'), dataIndex: 'creatorName' }]
            : []),
          ...(scope === 'mine'
            ? [
                {
                  key: 'usage',
                  title: t('profile.columns.usage'),
                  render: (_: unknown, p: ProfileSummary) =>
                    t('profile.list.usage', { zones: p.zoneCount, networks: p.networkCount }),
                },
              ]
            : []),
          {
            key: 'updatedAt',
            title: t('profile.columns.updatedAt'),
            render: (_, profile) => formatDateTime(profile.updatedAt),
          },
          actionsColumn<ProfileSummary>({
            title: t('profile.columns.actions'),
            rowName: (profile) => profileDisplayName(t, profile),
            actions: (profile) => [
              {
                key: 'open',
                label: t(profile.mine ? 'profile.actions.edit' : 'profile.actions.view'),
                testId: `profile-open-${profile.id}`,
                onClick: () => void navigate(profileEditPath(profile.id)),
              },
              {
                key: 'copy',
                label: t('profile.actions.copy'),
                hidden: profile.mine,
                onClick: () => handleCopy(profile),
              },
              {
                key: 'apply',
                label: t('profile.actions.apply'),
                hidden: !(profile.mine || profile.isSystem),
                onClick: () => setDialog({ kind: 'apply', profile }),
              },
              {
                key: 'share',
                label: t('profile.actions.share'),
                hidden: !profile.mine,
                onClick: () => setDialog({ kind: 'share', profile }),
              },
              {
                key: 'delete',
                label: t('profile.actions.delete'),
                hidden: !profile.mine,
                danger: true,
                onClick: () => handleDelete(profile),
                confirm: {
                  title: t('profile.delete.confirm', { name: profile.name }),
                  okText: t('common.actions.confirm'),
                },
              },
            ],
          }),
        ]}
      />
      {dialog?.kind === 'apply' && <ApplyDialog profile={dialog.profile} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'share' && <ProfileShareDialog profile={dialog.profile} onClose={() => setDialog(null)} />}
    </Card>
  );
}
