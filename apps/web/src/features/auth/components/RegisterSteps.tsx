import { isUserName } from '@lodestar/domain';
import { Button, Form, type FormInstance, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { codeRules, confirmRules, newPasswordRules, phoneRules } from './rules.ts';
import { SendCodeButton } from './SendCodeButton.tsx';
import { SliderCaptcha } from './SliderCaptcha.tsx';

export interface PhoneValues {
  Phone: string;
  Slider: boolean;
  SMSCode: string;
}
export interface InfoValues {
  UserName: string;
  UserPassword: string;
  Confirm: string;
  Email?: string;
  HoldName?: string;
}
export interface VehicleValues {
  Plate: string;
  DeviceID?: string;
  OwnerName?: string;
}

interface StepProps<T> {
  form: FormInstance<T>;
  onFinish: (values: T) => void;
  onBack?: () => void;
  busy?: boolean;
}

function StepButtons({ onBack, busy, last }: { onBack?: () => void; busy?: boolean; last?: boolean }) {
  const { t } = useTranslation();
  return (
    <Space className="step-buttons">
      {onBack ? <Button onClick={onBack}>{t('previous')}</Button> : null}
      <Button type="primary" htmlType="submit" loading={busy}>
        {last ? t('submit') : t('next')}
      </Button>
    </Space>
  );
}

export function PhoneStep({ form, onFinish }: StepProps<PhoneValues>) {
  const { t } = useTranslation('auth');
  const slid = Form.useWatch('Slider', form);
  return (
    <Form<PhoneValues> form={form} name="register-phone" layout="vertical" size="large" onFinish={onFinish}>
      <Form.Item name="Phone" label={t('phone')} rules={phoneRules(t)}>
        <Input autoComplete="tel" inputMode="tel" />
      </Form.Item>
      <Form.Item
        name="Slider"
        valuePropName="value"
        rules={[{ validator: async (_r, v) => (v ? undefined : Promise.reject(t('sliderFirst'))) }]}
      >
        <SliderCaptcha />
      </Form.Item>
      <Form.Item label={t('smsCode')} required>
        <Space.Compact block>
          <Form.Item name="SMSCode" rules={codeRules(t)} noStyle>
            <Input inputMode="numeric" maxLength={6} />
          </Form.Item>
          <SendCodeButton form={form} purpose="register" precondition={() => (slid ? undefined : t('sliderFirst'))} />
        </Space.Compact>
      </Form.Item>
      <StepButtons />
    </Form>
  );
}

export function InfoStep({ form, onFinish, onBack }: StepProps<InfoValues>) {
  const { t } = useTranslation('auth');
  return (
    <Form<InfoValues> form={form} name="register-info" layout="vertical" size="large" onFinish={onFinish}>
      <Form.Item
        name="UserName"
        label={t('userName')}
        required
        rules={[
          { validator: async (_r, v: string) => (isUserName(v ?? '') ? undefined : Promise.reject(t('userNameRule'))) },
        ]}
      >
        <Input autoComplete="name" />
      </Form.Item>
      <Form.Item name="UserPassword" label={t('password')} rules={newPasswordRules(t, t('inputPassword'))}>
        <Input.Password autoComplete="new-password" placeholder={t('passwordRule')} />
      </Form.Item>
      <Form.Item
        name="Confirm"
        label={t('confirmPassword')}
        dependencies={['UserPassword']}
        rules={confirmRules(t, 'UserPassword', t('inputConfirm'))}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="Email" label={t('email')} rules={[{ type: 'email', message: t('emailFormat') }]}>
        <Input autoComplete="email" />
      </Form.Item>
      <Form.Item name="HoldName" label={t('holdName')}>
        <Input autoComplete="organization" />
      </Form.Item>
      <StepButtons onBack={onBack} />
    </Form>
  );
}

export function VehicleStep({ form, onFinish, onBack, busy }: StepProps<VehicleValues>) {
  const { t } = useTranslation('auth');
  return (
    <Form<VehicleValues> form={form} name="register-vehicle" layout="vertical" size="large" onFinish={onFinish}>
      <Form.Item
        name="Plate"
        label={t('plate')}
        rules={[{ required: true, whitespace: true, message: t('plateRequired') }]}
      >
        <Input />
      </Form.Item>
      <Form.Item name="DeviceID" label={t('deviceId')}>
        <Input />
      </Form.Item>
      <Form.Item name="OwnerName" label={t('ownerName')}>
        <Input />
      </Form.Item>
      <StepButtons onBack={onBack} busy={busy} last />
    </Form>
  );
}
