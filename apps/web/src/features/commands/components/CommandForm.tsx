import type { CommandTypes } from '@lodestar/contract/commands';
import { COMMAND_EXPIRY } from '@lodestar/domain';
import { Alert, Form, type FormInstance, Input, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { EXPIRY_CHOICES, typeLabel } from '../labels.ts';
import { paramDefaults } from '../params.ts';
import { ParamField } from './ParamField.tsx';

export interface CommandFormValues {
  Type?: string;
  Params?: Record<string, unknown>;
  ExpireMinutes: number;
  Password?: string;
}

export const COMMAND_FORM_DEFAULTS: CommandFormValues = { ExpireMinutes: COMMAND_EXPIRY.defaultMinutes };

interface Props {
  form: FormInstance<CommandFormValues>;
  types: CommandTypes | undefined;
  loading: boolean;
}

/**
 * The command form of Command/GetCommandTypes: a type picker listing what the chosen devices can take
 * ("N of M devices support this; the rest: unsupported protocol"), the type's fields with the catalogue's
 * ranges and recommended values, the expiry, and the password again for the immobiliser.
 */
export function CommandForm({ form, types, loading }: Props) {
  const { t } = useTranslation('commands');
  const chosen = Form.useWatch('Type', form);
  const row = types?.Types.find((r) => r.Type === chosen);
  const devices = types?.Devices ?? 0;

  const options = (types?.Types ?? []).map((r) => ({
    value: r.Type,
    disabled: r.Supported === 0,
    label: (
      <span className="command-type-option" data-type={r.Type}>
        {typeLabel(t, r.Type)}
        <Typography.Text type="secondary" className="command-type-count">
          {` ${r.Supported}/${devices}`}
        </Typography.Text>
      </span>
    ),
    title: typeLabel(t, r.Type),
  }));

  return (
    <>
      <Form.Item name="Type" label={t('form.type')} rules={[{ required: true, message: t('form.typeRequired') }]}>
        <Select
          className="command-type"
          virtual={false}
          loading={loading}
          placeholder={t('form.typePlaceholder')}
          options={options}
          showSearch={{ optionFilterProp: 'title' }}
          notFoundContent={loading ? t('form.loading') : t('form.noTypes')}
          onChange={(type: string) => {
            const next = types?.Types.find((r) => r.Type === type);
            // A new type opens with its own recommended values; the old type's values would not fit.
            form.setFieldsValue({ Params: paramDefaults(next?.Params ?? []), Password: undefined });
          }}
        />
      </Form.Item>
      {row && row.Supported < devices ? (
        <Alert
          type="warning"
          showIcon
          className="command-unsupported"
          title={t('form.supportedOf', { n: row.Supported, m: devices })}
          description={row.Unsupported.length ? row.Unsupported.join(', ') : undefined}
        />
      ) : null}
      {row?.VipOnly ? <Alert type="info" showIcon className="command-vip" title={t('form.vipOnly')} /> : null}
      {row?.Params.length ? (
        <div className="command-params">
          {row.Params.map((p) => (
            <ParamField key={`${row.Type}.${p.Key}`} param={p} />
          ))}
        </div>
      ) : null}
      <Form.Item name="ExpireMinutes" label={t('form.expiry')} extra={t('form.expiryHint')}>
        <Select
          className="command-expiry"
          style={{ width: 200 }}
          options={EXPIRY_CHOICES.map((m) => ({ value: m, label: t(`expiry.${m}`) }))}
        />
      </Form.Item>
      {row?.Immobiliser ? (
        <Form.Item
          name="Password"
          label={t('form.password')}
          extra={t('form.passwordHint')}
          rules={[{ required: true, message: t('form.passwordRequired') }]}
        >
          <Input.Password className="command-password" autoComplete="current-password" maxLength={64} />
        </Form.Item>
      ) : null}
    </>
  );
}
