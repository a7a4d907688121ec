import { Box } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';

/** A banner's image as players see it (in the list: from the record; in the form: from what is typed). */
export function BannerImage({ height = 48 }: { height?: number }): React.ReactElement | null {
  const record = useRecordContext<{ image: string; title: string }>();
  const translate = useTranslate();
  if (!record?.image) return null;
  return (
    <Box
      component="img"
      src={record.image}
      alt={record.title || translate('resources.banners.preview')}
      sx={{ height, maxWidth: 240, objectFit: 'cover', borderRadius: 1 }}
    />
  );
}

export function BannerPreview(): React.ReactElement | null {
  const image: unknown = useWatch({ name: 'image' });
  const translate = useTranslate();
  if (typeof image !== 'string' || !/^(https:\/\/|\/[^/\\])/.test(image)) return null;
  return (
    <Box sx={{ mb: 2 }}>
      <Box component="img" src={image} alt={translate('resources.banners.preview')} sx={{ maxHeight: 160, maxWidth: '100%', borderRadius: 1 }} />
    </Box>
  );
}
