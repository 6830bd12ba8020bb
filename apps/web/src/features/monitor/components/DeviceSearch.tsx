import { LIMITS } from '@lodestar/domain';
import { Alert, Input, Tag } from 'antd';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isBatchSearch, parseBatchIds } from '../batch-ids.ts';

interface Props {
  batch: readonly string[] | null;
  onKeyword: (keyword: string) => void;
  onBatch: (ids: string[] | null) => void;
}

/**
 * Search by device ID or name (filters the loaded list as one types), or a batch of device IDs
 * separated by commas (asks the server, at most 1000, spec section 5).
 */
export const DeviceSearch = memo(function DeviceSearch({ batch, onKeyword, onBatch }: Props) {
  const { t } = useTranslation('monitor');
  const [text, setText] = useState('');
  const [tooMany, setTooMany] = useState<number | null>(null);

  const submit = (value: string) => {
    setTooMany(null);
    if (!isBatchSearch(value)) {
      onBatch(null);
      onKeyword(value.trim());
      return;
    }
    const parsed = parseBatchIds(value);
    if (parsed.tooMany) {
      setTooMany(parsed.ids.length);
      return;
    }
    onKeyword('');
    onBatch(parsed.ids.length ? parsed.ids : null);
  };

  return (
    <div className="monitor-search">
      <Input.Search
        allowClear
        value={text}
        placeholder={t('search.placeholder')}
        onChange={(e) => {
          setText(e.target.value);
          if (!isBatchSearch(e.target.value)) onKeyword(e.target.value.trim());
          if (!e.target.value) submit('');
        }}
        onSearch={submit}
        className="monitor-search-input"
      />
      {tooMany !== null ? (
        <Alert
          type="error"
          showIcon
          className="monitor-search-error"
          title={t('search.tooMany', { max: LIMITS.batchDeviceIds, count: tooMany })}
        />
      ) : null}
      {batch ? (
        <Tag
          closable
          color="blue"
          className="monitor-batch-tag"
          onClose={() => {
            setText('');
            onBatch(null);
          }}
        >
          {t('search.batch', { count: batch.length })}
        </Tag>
      ) : null}
    </div>
  );
});
