import { EMAIL_RE, HOLD_TYPES, type HoldTypeCode, PHONE_RE } from '@lodestar/domain';
import { DatePicker, Divider, Form, Input, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { AccessWindowFields } from '../../accounts/components/AccessWindowFields.tsx';
import { FunsField } from '../../accounts/components/FunsField.tsx';
import { confirmRules, newPasswordRules } from '../../auth/components/rules.ts';
import { holdIcon, holdTypeKey } from '../../holds/components/hold-icons.tsx';
import { TIME_ZONES } from '../../user/components/SettingsForm.tsx';

/** Fields of the two-column grids: label above, so long (French) labels are never cut. */
const V = { layout: 'vertical', labelCol: { span: 24 }, wrapperCol: { span: 24 } } as const;

/** The enterprise dialog's values; the page turns them into Enterprise/* bodies. */
export interface EnterpriseForm {
  HoldName: string;
  HoldType: HoldTypeCode;
  Phone: string;
  UserName: string;
  UserPassword?: string;
  ConfirmPassword?: string;
  Contact: string;
  Email: string;
  Address: string;
  TimeZone: string;
  ServiceEndDate: Dayjs | null;
  AccessStart: Dayjs | null;
  AccessEnd: Dayjs | null;
  DefaultProvince: string;
  Remark: string;
  Funs: number[];
}

/**
 * Spec section 3's User/enterprise: the unit (name, type), its administrator (login phone, name,
 * password when adding, contact, e-mail, address, time zone, service end, log-in hours, default
 * province, remark) and the administrator's permissions. `admin` false: the unit has no
 * administrator account, so only the unit's fields can change.
 */
export function EnterpriseFormFields({
  adding,
  admin,
  lockReason,
}: {
  adding: boolean;
  admin: boolean;
  /** Why the administrator's account cannot be changed by the signed-in one (its fields are then read-only). */
  lockReason?: string | undefined;
}) {
  const { t } = useTranslation('accounts');
  const off = !admin || lockReason !== undefined;
  return (
    <>
      <Divider titlePlacement="start" plain>
        {t('enterprise.sectionUnit')}
      </Divider>
      <div className="enterprise-form-grid">
        <Form.Item
          {...V}
          name="HoldName"
          label={t('enterprise.holdName')}
          rules={[
            { required: true, whitespace: true, message: t('rule.holdName') },
            { max: 64, message: t('rule.max', { max: 64 }) },
          ]}
        >
          <Input maxLength={64} autoFocus />
        </Form.Item>
        <Form.Item {...V} name="HoldType" label={t('enterprise.holdType')} rules={[{ required: true }]}>
          <Select
            options={HOLD_TYPES.map((v) => ({
              value: v,
              label: (
                <Space size={6}>
                  {holdIcon(v)}
                  {t(`shell:${holdTypeKey(v)}`)}
                </Space>
              ),
            }))}
          />
        </Form.Item>
      </div>
      <Divider titlePlacement="start" plain>
        {t('enterprise.sectionAdmin')}
      </Divider>
      {off ? (
        <p className="muted">{lockReason ? `${t('enterprise.adminLocked')}${lockReason}` : t('enterprise.noAdmin')}</p>
      ) : null}
      <div className="enterprise-form-grid">
        <Form.Item
          {...V}
          name="Phone"
          label={t('enterprise.loginName')}
          extra={t('user.phoneHint')}
          rules={[
            { required: !off, whitespace: true, message: t('auth:inputPhone') },
            { pattern: PHONE_RE, message: t('auth:phoneFormat') },
          ]}
        >
          <Input maxLength={16} autoComplete="off" disabled={off} />
        </Form.Item>
        <Form.Item
          {...V}
          name="UserName"
          label={t('enterprise.adminName')}
          rules={[
            { required: !off, whitespace: true, message: t('rule.userName') },
            { min: 2, max: 32, message: t('rule.userName') },
          ]}
        >
          <Input maxLength={32} autoComplete="off" disabled={off} />
        </Form.Item>
        {adding ? (
          <>
            <Form.Item
              {...V}
              name="UserPassword"
              label={t('user.password')}
              rules={newPasswordRules(t, t('auth:inputPassword'))}
            >
              <Input.Password maxLength={18} autoComplete="new-password" placeholder={t('auth:passwordRule')} />
            </Form.Item>
            <Form.Item
              {...V}
              name="ConfirmPassword"
              label={t('user.confirmPassword')}
              dependencies={['UserPassword']}
              rules={confirmRules(t, 'UserPassword', t('auth:inputPassword'))}
            >
              <Input.Password maxLength={18} autoComplete="new-password" />
            </Form.Item>
          </>
        ) : null}
        <Form.Item
          {...V}
          name="Contact"
          label={t('user.contact')}
          rules={[
            { required: !off, whitespace: true, message: t('rule.contact') },
            { max: 32, message: t('rule.max', { max: 32 }) },
          ]}
        >
          <Input maxLength={32} disabled={off} />
        </Form.Item>
        <Form.Item
          {...V}
          name="Email"
          label={t('user.email')}
          rules={[{ pattern: EMAIL_RE, message: t('rule.email') }]}
        >
          <Input maxLength={128} disabled={off} />
        </Form.Item>
        <Form.Item
          {...V}
          name="Address"
          label={t('user.address')}
          rules={[
            { required: !off, whitespace: true, message: t('rule.address') },
            { max: 200, message: t('rule.max', { max: 200 }) },
          ]}
        >
          <Input maxLength={200} disabled={off} />
        </Form.Item>
        <Form.Item {...V} name="TimeZone" label={t('user.timeZone')}>
          <Select showSearch options={TIME_ZONES.map((z) => ({ value: z, label: z }))} disabled={off} />
        </Form.Item>
        <Form.Item {...V} name="ServiceEndDate" label={t('user.serviceEnd')}>
          <DatePicker allowClear style={{ width: '100%' }} disabled={off} />
        </Form.Item>
        <Form.Item
          {...V}
          name="DefaultProvince"
          label={t('user.defaultProvince')}
          rules={[{ max: 32, message: t('rule.max', { max: 32 }) }]}
        >
          <Input maxLength={32} disabled={off} />
        </Form.Item>
      </div>
      {off ? null : <AccessWindowFields itemProps={V} />}
      <Form.Item
        {...V}
        name="Remark"
        label={t('user.remark')}
        rules={[{ max: 200, message: t('rule.max', { max: 200 }) }]}
      >
        <Input.TextArea rows={2} maxLength={200} disabled={off} />
      </Form.Item>
      {off ? null : (
        <>
          <Divider titlePlacement="start" plain>
            {t('enterprise.sectionPermissions')}
          </Divider>
          <p className="muted">{t('enterprise.permissionsHint')}</p>
          <Form.Item name="Funs" wrapperCol={{ span: 24 }}>
            <FunsField />
          </Form.Item>
        </>
      )}
    </>
  );
}
