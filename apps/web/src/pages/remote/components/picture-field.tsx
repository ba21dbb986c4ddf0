import { ImageUpload } from '@lightwell/domain';
import { Button, Image, Space, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePictureQuery, usePictureUploadMutation } from '../../../api/group';
import { toast } from '../../../app/feedback';

/** Reads a file as base64 without the data-URL prefix. */
function readBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** A stored picture of a group or scene, small. */
export function PictureThumb({ nid, fileName }: { nid: number; fileName: string | null }) {
  const picture = usePictureQuery(nid, fileName);
  if (!picture.data) return null;
  return <Image src={picture.data} width={40} height={30} style={{ objectFit: 'cover' }} alt="" />;
}

/**
 * A form field holding a group's or scene's picture (section 3 image): upload a JPG, PNG or BMP
 * (section 5), see it, or remove it. The value is the stored file name.
 */
export function PictureField({
  nid,
  value,
  onChange,
}: {
  nid: number;
  value?: string | null;
  onChange?: (fileName: string | null) => void;
}) {
  const { t } = useTranslation();
  const upload = usePictureUploadMutation();
  const handleFile = async (file: File) => {
    if (!(ImageUpload.types as readonly string[]).includes(file.type)) {
      toast.error(t('group.picture.badType'));
      return;
    }
    const image = await readBase64(file);
    upload.mutate({ nid, image }, { onSuccess: ({ fileName }) => onChange?.(fileName) });
  };
  return (
    <Space>
      <PictureThumb nid={nid} fileName={value ?? null} />
      <Upload
        accept=".jpg,.jpeg,.png,.bmp"
        showUploadList={false}
        beforeUpload={(file) => {
          void handleFile(file);
          return false;
        }}
      >
        <Button loading={upload.isPending}>{t('group.picture.upload')}</Button>
      </Upload>
      {value && <Button onClick={() => onChange?.(null)}>{t('group.picture.remove')}</Button>}
    </Space>
  );
}
