import { DEFAULT_LOCALE } from '@sum28/domain';
import { BooleanInput, NumberInput, required, TextInput, useTranslate } from 'react-admin';
import { CreateForm, EditForm } from '../../common/forms';
import { LocaleTabs, localeSource } from '../../common/LocaleTabs';
import { BannerPreview } from './BannerImage';

/** A banner: the image carries no words; its caption, per language, is drawn over it by the app. */
function Fields(): React.ReactElement {
  const translate = useTranslate();
  return (
    <>
      <TextInput source="image" validate={required()} helperText="resources.banners.help.url" fullWidth />
      <BannerPreview />
      <TextInput source="link" helperText="resources.banners.help.url" fullWidth />
      <LocaleTabs fields={['title']}>
        {(l) => (
          <TextInput
            source={localeSource('title', 'titles', l)}
            label={translate('app.content_locales.caption', { lang: translate(`app.content_locales.${l}`) })}
            helperText={l === DEFAULT_LOCALE ? 'resources.banners.help.caption' : 'app.content_locales.fallback'}
            fullWidth
          />
        )}
      </LocaleTabs>
      <NumberInput source="sort" />
      <BooleanInput source="enabled" />
    </>
  );
}

export function BannerEdit(): React.ReactElement {
  return (
    <EditForm>
      <Fields />
    </EditForm>
  );
}

export function BannerCreate(): React.ReactElement {
  return (
    <CreateForm>
      <Fields />
    </CreateForm>
  );
}
