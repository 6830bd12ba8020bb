import '../bulletins.css';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import {
  BRANDING_CONFIRM_WORD,
  BRANDING_LOGO_SIZE,
  BRANDING_TITLE_RE,
  Fn,
  PLATFORMS,
  type Platform,
} from '@lodestar/domain';
import { App, Button, Card, Checkbox, Form, Input, Radio, Space, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client.ts';
import { fieldsNamedIn } from '../../../components/table/FormModal.tsx';
import { type SetBrandingInput, useBranding, useSetBranding } from '../api/branding.ts';
import { pngSize, toBase64 } from '../lib/png-size.ts';
import { ConfirmWordDialog } from './ConfirmWordDialog.tsx';

interface Values {
  Title: string;
  Logo: string | null;
  Platform: Platform;
  ExternalLink: string;
  ApplyToSubordinates: boolean;
}

const FIELDS = ['Title', 'Logo', 'Platform', 'ExternalLink', 'ConfirmWord'];

/** Who brands its unit: the administrators of users or accounts (the server's User/SetBranding check). */
export const canBrand = (funs: ReadonlySet<number>) =>
  funs.has(Fn.userManage) || funs.has(Fn.accountManage) || funs.has(Fn.simAccounts);

/**
 * The user centre's custom title and logo of the user's unit (spec section 5), its platform and external link
 * (spec section 6). An empty title or no logo inherits the superior unit's; "every subordinate unit" clears their
 * own and asks for the typed confirm word first.
 */
export function BrandingForm() {
  const { t } = useTranslation('bulletins');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const branding = useBranding();
  const save = useSetBranding();
  const [confirming, setConfirming] = useState<SetBrandingInput | null>(null);
  const logo = Form.useWatch('Logo', form);
  const own = branding.data?.Own;
  const effective = branding.data?.Effective;

  useEffect(() => {
    if (!own) return;
    form.setFieldsValue({
      Title: own.Title ?? '',
      Logo: own.Logo,
      Platform: (own.Platform ?? effective?.Platform ?? 1) as Platform,
      ExternalLink: own.ExternalLink ?? '',
      ApplyToSubordinates: false,
    });
  }, [own, effective?.Platform, form]);

  const logoError = (text: string) => form.setFields([{ name: 'Logo', errors: [text] }]);
  const pick = async (file: File) => {
    const bytes = new Uint8Array(await file.arrayBuffer());
    const size = pngSize(bytes);
    if (!size) return logoError(t('branding.logoNotPng'));
    if (size.width !== BRANDING_LOGO_SIZE || size.height !== BRANDING_LOGO_SIZE)
      return logoError(t('branding.logoSize', { w: size.width, h: size.height }));
    form.setFields([{ name: 'Logo', value: toBase64(bytes), errors: [] }]);
  };

  const send = (input: SetBrandingInput) =>
    save.mutate(input, {
      onSuccess: () => {
        setConfirming(null);
        form.setFieldValue('ApplyToSubordinates', false);
        void message.success(t('common:saved'));
      },
      onError: (err) => {
        const msg = err instanceof ApiError ? err.message : String(err);
        const named = fieldsNamedIn(msg, FIELDS);
        // The confirm word lives in the dialog, which shows the error itself.
        if (named.includes('ConfirmWord')) return;
        setConfirming(null);
        const onForm = named.filter((f) => f !== 'ConfirmWord');
        if (onForm.length) form.setFields(onForm.map((name) => ({ name: name as keyof Values, errors: [msg] })));
        else void message.error(msg);
      },
    });

  const onFinish = (v: Values) => {
    const input: SetBrandingInput = {
      Title: v.Title.trim() || null,
      Logo: v.Logo || null,
      // An inherited platform stays inherited unless the person picks one.
      ...(own?.Platform != null || form.isFieldTouched('Platform') ? { Platform: v.Platform } : {}),
      ExternalLink: v.ExternalLink.trim() || null,
    };
    if (v.ApplyToSubordinates) setConfirming({ ...input, ApplyToSubordinates: true });
    else send(input);
  };

  const inherited = (value: string | null | undefined, ownValue: string | null | undefined) =>
    !ownValue && value ? t('branding.inherited', { value }) : undefined;

  return (
    <Card title={t('branding.title')} className="branding-card" data-testid="branding-card">
      <Form<Values> form={form} name="branding" layout="vertical" onFinish={onFinish} disabled={!own}>
        <Form.Item
          name="Title"
          label={t('branding.customTitle')}
          extra={inherited(effective?.Title, own?.Title) ?? t('branding.titleHint')}
          rules={[{ pattern: BRANDING_TITLE_RE, message: t('branding.titleRule') }]}
        >
          <Input maxLength={30} showCount allowClear />
        </Form.Item>
        <Form.Item label={t('branding.logo')} required={false} extra={t('branding.logoHint')}>
          <Space align="center" wrap>
            <span className="branding-logo-preview" data-testid="branding-logo-preview">
              {logo || effective?.Logo ? (
                <img
                  src={`data:image/png;base64,${logo || effective?.Logo}`}
                  width={BRANDING_LOGO_SIZE}
                  height={BRANDING_LOGO_SIZE}
                  alt={t('branding.logo')}
                  className={logo ? undefined : 'inherited'}
                />
              ) : (
                <span className="branding-logo-none">{t('branding.none')}</span>
              )}
            </span>
            <Upload
              accept="image/png"
              showUploadList={false}
              beforeUpload={(file) => {
                void pick(file);
                return false;
              }}
            >
              <Button icon={<UploadOutlined />} data-testid="branding-logo-upload">
                {t('branding.upload')}
              </Button>
            </Upload>
            {logo ? (
              <Button
                icon={<DeleteOutlined />}
                onClick={() => form.setFields([{ name: 'Logo', value: null, errors: [] }])}
              >
                {t('branding.clear')}
              </Button>
            ) : null}
          </Space>
          <Form.Item name="Logo" noStyle>
            <Input type="hidden" />
          </Form.Item>
        </Form.Item>
        <Form.Item name="Platform" label={t('branding.platform')}>
          <Radio.Group
            optionType="button"
            options={PLATFORMS.map((p) => ({ value: p, label: t(`branding.platform${p}`) }))}
          />
        </Form.Item>
        <Form.Item
          name="ExternalLink"
          label={t('branding.externalLink')}
          rules={[{ pattern: /^https?:\/\/\S+$/, message: t('branding.linkRule') }]}
        >
          <Input allowClear placeholder="https://" maxLength={300} />
        </Form.Item>
        <Form.Item name="ApplyToSubordinates" valuePropName="checked">
          <Checkbox data-testid="branding-apply-all">{t('branding.applyAll')}</Checkbox>
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending && !confirming} data-testid="branding-save">
          {t('branding.save')}
        </Button>
      </Form>
      <ConfirmWordDialog
        open={confirming !== null}
        word={BRANDING_CONFIRM_WORD}
        pending={save.isPending}
        error={save.error instanceof ApiError && save.error.message.includes('ConfirmWord') ? save.error.message : ''}
        onCancel={() => setConfirming(null)}
        onConfirm={(ConfirmWord) => confirming && send({ ...confirming, ConfirmWord })}
      />
    </Card>
  );
}
