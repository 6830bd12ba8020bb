import { LIMITS } from '@lodestar/domain';
import { Alert, Input, Tag } from 'antd';
import { memo, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isBatchSearch, parseBatchIds } from '../batch-ids.ts';

interface Props {
  batch: readonly string[] | null;
  onKeyword: (keyword: string) => void;
  onBatch: (ids: string[] | null) => void;
}

/** How long typing pauses before the keyword goes to the server. */
export const KEYWORD_DEBOUNCE_MS = 300;

/** The keyword the server is asked for: trimmed, and no longer than it accepts. */
export const keywordOf = (text: string) => text.trim().slice(0, LIMITS.deviceKeywordLength);

/**
 * Search by a part of the device ID, the plate or the name (the server searches the whole unit as one
 * types, after a pause), or a batch of device IDs separated by commas (at most 1000, spec section 5).
 */
export const DeviceSearch = memo(function DeviceSearch({ batch, onKeyword, onBatch }: Props) {
  const { t } = useTranslation('monitor');
  const [text, setText] = useState('');
  const [tooMany, setTooMany] = useState<number | null>(null);

  // A batch is asked for on Enter only; a keyword once typing pauses.
  useEffect(() => {
    if (isBatchSearch(text)) return;
    const timer = setTimeout(() => onKeyword(keywordOf(text)), text ? KEYWORD_DEBOUNCE_MS : 0);
    return () => clearTimeout(timer);
  }, [text, onKeyword]);

  const submit = (value: string) => {
    setTooMany(null);
    if (!isBatchSearch(value)) {
      onBatch(null);
      onKeyword(keywordOf(value));
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
