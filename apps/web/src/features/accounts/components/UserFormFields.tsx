import { EMAIL_RE, PHONE_RE } from '@lodestar/domain';
import { DatePicker, Form, Input, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { confirmRules, newPasswordRules } from '../../auth/components/rules.ts';
import { HoldTreeSelect } from '../../holds/components/HoldTreeSelect.tsx';
import { useGrantableAccountTypes } from '../manage.ts';
import { AccessWindowFields } from './AccessWindowFields.tsx';

/** The add/edit account form's values; the page turns them into the User/* bodies. */
export interface UserForm {
  HoldID: number;
  UserName: string;
  Phone: string;
  AccountType: number;
  UserPassword?: string;
  ConfirmPassword?: string;
  Contact: string;
  Email: string;
  ServiceEndDate: Dayjs | null;
  Remark: string;
  Address: string;
  AccessStart: Dayjs | null;
  AccessEnd: Dayjs | null;
}

/**
 * Fields of spec section 3's user: unit, login phone, name, type, password (new accounts), contact, e-mail,
 * address, service end, daily log-in hours, remark.
 */
export function UserFormFields({ adding }: { adding: boolean }) {
  const { t } = useTranslation('accounts');
  // The server refuses a type above the caller's own (issue #14), so the form does not offer one.
  const accountTypes = useGrantableAccountTypes();
  return (
    <>
      <Form.Item name="HoldID" label={t('user.hold')} rules={[{ required: true, message: t('rule.holdRequired') }]}>
        <HoldTreeSelect allowClear={false} placeholder={t('pickHold')} style={{ minWidth: 220 }} />
      </Form.Item>
      <Form.Item
        name="UserName"
        label={t('user.name')}
        rules={[
          { required: true, whitespace: true, message: t('rule.userName') },
          { min: 2, max: 32, message: t('rule.userName') },
        ]}
      >
        <Input maxLength={32} autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="Phone"
        label={t('user.phone')}
        extra={t('user.phoneHint')}
        rules={[
          { required: true, whitespace: true, message: t('auth:inputPhone') },
          { pattern: PHONE_RE, message: t('auth:phoneFormat') },
        ]}
      >
        <Input maxLength={16} autoComplete="off" />
      </Form.Item>
      <Form.Item name="AccountType" label={t('user.type')} rules={[{ required: true }]}>
        <Select options={accountTypes.map((v) => ({ value: v, label: t(`accountType.${v}`) }))} />
      </Form.Item>
      {adding ? (
        <>
          <Form.Item
            name="UserPassword"
            label={t('user.password')}
            rules={newPasswordRules(t, t('auth:inputPassword'))}
          >
            <Input.Password maxLength={18} autoComplete="new-password" placeholder={t('auth:passwordRule')} />
          </Form.Item>
          <Form.Item
            name="ConfirmPassword"
            label={t('user.confirmPassword')}
            dependencies={['UserPassword']}
            rules={confirmRules(t, 'UserPassword', t('auth:inputPassword'))}
          >
            <Input.Password maxLength={18} autoComplete="new-password" />
          </Form.Item>
        </>
      ) : null}
      <Form.Item name="Contact" label={t('user.contact')} rules={[{ max: 32, message: t('rule.max', { max: 32 }) }]}>
        <Input maxLength={32} />
      </Form.Item>
      <Form.Item name="Email" label={t('user.email')} rules={[{ pattern: EMAIL_RE, message: t('rule.email') }]}>
        <Input maxLength={128} />
      </Form.Item>
      <Form.Item name="Address" label={t('user.address')} rules={[{ max: 200, message: t('rule.max', { max: 200 }) }]}>
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item name="ServiceEndDate" label={t('user.serviceEnd')}>
        <DatePicker allowClear style={{ width: 200 }} />
      </Form.Item>
      <AccessWindowFields />
      <Form.Item name="Remark" label={t('user.remark')} rules={[{ max: 200, message: t('rule.max', { max: 200 }) }]}>
        <Input.TextArea rows={2} maxLength={200} />
      </Form.Item>
    </>
  );
}
