import { DEFAULT_LOCALE } from '@sum28/domain';
import { BooleanInput, NumberInput, required, SelectInput, TextInput, useTranslate } from 'react-admin';
import { CreateForm, EditForm } from '../../common/forms';
import { LocaleTabs, localeSource, LocaleTitleInput } from '../../common/LocaleTabs';
import { NOTICE_KIND_CHOICES } from './choices';

/** A notice: tw first (required), then each other language (optional: empty shows the tw text). */
function Fields({ create }: { create: boolean }): React.ReactElement {
  const translate = useTranslate();
  return (
    <>
      {create && <SelectInput source="kind" choices={NOTICE_KIND_CHOICES} validate={required()} helperText="resources.notices.help.kind" />}
      {create && <NumberInput source="user_id" min={1} helperText="resources.notices.help.user_id" />}
      <LocaleTabs fields={['title', 'content']}>
        {(l) => {
          const lang = translate(`app.content_locales.${l}`);
          const tw = l === DEFAULT_LOCALE;
          return (
            <>
              <LocaleTitleInput locale={l} />
              <TextInput
                source={localeSource('content', 'contents', l)}
                label={translate('app.content_locales.content', { lang })}
                validate={tw ? required() : undefined}
                multiline
                minRows={4}
                fullWidth
              />
            </>
          );
        }}
      </LocaleTabs>
      <BooleanInput source="published" />
    </>
  );
}

export function NoticeEdit(): React.ReactElement {
  return (
    <EditForm>
      <Fields create={false} />
    </EditForm>
  );
}

export function NoticeCreate(): React.ReactElement {
  return (
    <CreateForm>
      <Fields create />
    </CreateForm>
  );
}
