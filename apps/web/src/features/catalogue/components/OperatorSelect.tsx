import { Select, type SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useOperatorSelect } from '../api/selects.ts';

type Props = Omit<SelectProps<number>, 'options' | 'loading'> & {
  /** Adds an "all carriers" (filters) or "any carrier" (card types) entry with value 0. */
  zeroLabel?: string;
};

/** Carriers the caller can see (`operator/getoperatorselect`), searchable by name. */
export function OperatorSelect({ zeroLabel, ...props }: Props) {
  const { t } = useTranslation('catalogue');
  const { data, isFetching } = useOperatorSelect();
  const options = [
    ...(zeroLabel ? [{ value: 0, label: zeroLabel }] : []),
    ...(data ?? []).map((o) => ({ value: o.OperatorID, label: o.OperatorName })),
  ];
  return (
    <Select<number>
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={t('pickCarrier')}
      loading={isFetching}
      options={options}
      style={{ minWidth: 180 }}
      {...props}
    />
  );
}
