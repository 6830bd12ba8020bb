import { LANGS, type Language, MenuPosition } from '@lodestar/domain';
import { App, Button, Card, Form, Input, Radio, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toMenuPosition, useSession } from '../../../store/session.ts';
import type { Profile } from '../api/get-user-info.ts';
import { useSaveSettings } from '../api/save-settings.ts';

interface Values {
  UserName: string;
  Contact?: string;
  Email?: string;
  TimeZone?: string;
  MenuPosition: MenuPosition;
  Language: Language;
}

export const TIME_ZONES = [
  'Asia/Shanghai',
  'Asia/Hong_Kong',
  'Asia/Tokyo',
  'Asia/Singapore',
  'Asia/Dubai',
  'Europe/Paris',
  'Europe/London',
  'Africa/Abidjan',
  'Africa/Casablanca',
  'America/New_York',
  'America/Sao_Paulo',
  'UTC',
];

export function SettingsForm({ profile }: { profile: Profile | undefined }) {
  const { t } = useTranslation('user');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const save = useSaveSettings();
  const language = useSession((s) => s.language);

  useEffect(() => {
    if (!profile) return;
    form.setFieldsValue({
      UserName: profile.UserName,
      Contact: profile.Contact ?? '',
      Email: profile.Email ?? '',
      TimeZone: profile.TimeZone ?? undefined,
      MenuPosition: toMenuPosition(profile.MenuPosition),
      // What the interface speaks: the profile's language unless one was picked in this browser.
      Language: language,
    });
  }, [profile, form, language]);

  const onFinish = (values: Values) =>
    save.mutate(values, {
      onSuccess: (saved) => {
        const session = useSession.getState();
        session.setUserName(saved?.UserName ?? values.UserName);
        session.setMenuPosition(values.MenuPosition);
        session.setLanguage(values.Language);
        if (saved?.TimeZone) session.setTimeZone(saved.TimeZone);
        void message.success(t('common:saved'));
      },
    });

  const zones = [...new Set([...(profile?.TimeZone ? [profile.TimeZone] : []), ...TIME_ZONES])];
  return (
    <Card title={t('settings')} className="settings-card">
      <Form<Values> form={form} name="settings" layout="vertical" onFinish={onFinish} disabled={!profile}>
        <Form.Item
          name="UserName"
          label={t('userName')}
          rules={[{ required: true, min: 2, whitespace: true, message: t('inputUserName') }]}
        >
          <Input />
        </Form.Item>
        <Form.Item name="Contact" label={t('contact')}>
          <Input />
        </Form.Item>
        <Form.Item name="Email" label={t('email')} rules={[{ type: 'email', message: t('emailFormat') }]}>
          <Input />
        </Form.Item>
        <Form.Item name="TimeZone" label={t('timeZone')}>
          <Select showSearch options={zones.map((z) => ({ value: z, label: z }))} />
        </Form.Item>
        <Form.Item name="MenuPosition" label={t('menuPosition')}>
          <Radio.Group
            optionType="button"
            block
            className="menu-position-control"
            options={[MenuPosition.Top, MenuPosition.Left, MenuPosition.Right].map((p) => ({
              value: p,
              label: t(`menu.${p}`),
            }))}
          />
        </Form.Item>
        <Form.Item name="Language" label={t('language')}>
          <Select options={LANGS.map((l) => ({ value: l, label: t(`common:lang.${l}`) }))} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('common:save')}
        </Button>
      </Form>
    </Card>
  );
}
