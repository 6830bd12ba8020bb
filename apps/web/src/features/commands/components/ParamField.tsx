import type { CommandParamRow } from '@lodestar/contract/commands';
import { Form, Input, InputNumber, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { optionLabel, paramLabel } from '../labels.ts';
import { paramRules } from '../params.ts';

/** One parameter's field by its kind, with the catalogue's range, length and options. */
export function ParamField({ param: p }: { param: CommandParamRow }) {
  const { t } = useTranslation('commands');
  const label = paramLabel(t, p.Key);
  // The range sits in the empty field itself, so an error under the field is the only line below it.
  const range = p.Min !== undefined && p.Max !== undefined ? `${p.Min} – ${p.Max}` : undefined;
  const common = { name: ['Params', p.Key], label, rules: paramRules(p, t) };
  switch (p.Kind) {
    case 'bool':
      return (
        <Form.Item {...common} valuePropName="checked">
          <Switch data-param={p.Key} />
        </Form.Item>
      );
    case 'enum':
      return (
        <Form.Item {...common}>
          <Select
            data-param={p.Key}
            className={`param-${p.Key}`}
            options={(p.Options ?? []).map((v) => ({ value: v, label: optionLabel(t, p.Key, v) }))}
          />
        </Form.Item>
      );
    case 'text':
      return (
        <Form.Item {...common}>
          <Input data-param={p.Key} className={`param-${p.Key}`} showCount maxLength={p.MaxLength} />
        </Form.Item>
      );
    default:
      return (
        <Form.Item {...common}>
          <InputNumber
            data-param={p.Key}
            className={`param-${p.Key}`}
            style={{ width: '100%' }}
            placeholder={range}
            precision={p.Kind === 'int' ? 0 : (p.Scale ?? 1)}
            step={p.Kind === 'int' ? 1 : 10 ** -(p.Scale ?? 1)}
          />
        </Form.Item>
      );
  }
}
