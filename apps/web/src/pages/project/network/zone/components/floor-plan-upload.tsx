import { UploadOutlined } from '@ant-design/icons';
import { Button, Upload, type UploadProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFloorPlanUploadMutation } from '../../../../../api/zone';
import { toast } from '../../../../../app/feedback';
import { checkFloorPlanImage, IMAGE_EXTENSIONS } from '../upload-check';

/**
 * Uploads or replaces the network's floor-plan image (sections 5 and 7): checked here for type and
 * the 3 MB limit, then sent signed; the button spins until the map has reloaded.
 */
export function FloorPlanUpload({ nid, hasImage }: { nid: number; hasImage: boolean }) {
  const { t } = useTranslation();
  const upload = useFloorPlanUploadMutation(nid);

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    const problem = checkFloorPlanImage(file);
    if (!problem) return true;
    toast.error(t(problem === 'size' ? 'zone.upload.tooLarge' : 'zone.upload.wrongType'));
    return Upload.LIST_IGNORE;
  };

  const customRequest: UploadProps['customRequest'] = ({ file, onSuccess, onError }) => {
    upload.mutate(file as Blob, {
      onSuccess: (data) => {
        toast.saved(t('zone.upload.done'));
        onSuccess?.(data);
      },
      onError: (error) => onError?.(error),
    });
  };

  return (
    <Upload
      accept={IMAGE_EXTENSIONS.join(',')}
      showUploadList={false}
      maxCount={1}
      beforeUpload={beforeUpload}
      customRequest={customRequest}
      disabled={upload.isPending}
      data-testid="floor-plan-upload"
    >
      <Button icon={<UploadOutlined />} loading={upload.isPending} data-testid="floor-plan-upload-button">
        {t(hasImage ? 'zone.upload.replace' : 'zone.upload.add')}
      </Button>
    </Upload>
  );
}
