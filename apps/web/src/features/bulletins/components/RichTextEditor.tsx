import {
  BoldOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  UnderlineOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { Button, Space, Tooltip } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

const COMMANDS = [
  ['bold', <BoldOutlined key="b" />],
  ['italic', <ItalicOutlined key="i" />],
  ['underline', <UnderlineOutlined key="u" />],
  ['insertUnorderedList', <UnorderedListOutlined key="ul" />],
  ['insertOrderedList', <OrderedListOutlined key="ol" />],
] as const;

/**
 * A small rich-text field for a notice body (bold, italic, underline, lists, links) on the browser's own editing.
 * What it sends is only a draft: the server keeps an allow-list of tags and drops the rest.
 */
export function RichTextEditor({
  value,
  onChange,
  id,
}: {
  value?: string;
  onChange?: (html: string) => void;
  id?: string;
}) {
  const { t } = useTranslation('bulletins');
  const ref = useRef<HTMLDivElement>(null);
  // Written into the element only when it differs, so typing never moves the caret.
  useEffect(() => {
    if (ref.current && ref.current.innerHTML !== (value ?? '')) ref.current.innerHTML = value ?? '';
  }, [value]);
  const emit = () => onChange?.(ref.current?.innerHTML ?? '');
  const run = (command: string, arg?: string) => {
    ref.current?.focus();
    document.execCommand(command, false, arg);
    emit();
  };
  return (
    <div className="rich-text">
      <Space size={2} className="rich-text-toolbar">
        {COMMANDS.map(([command, icon]) => (
          <Tooltip key={command} title={t(`editor.${command}`)}>
            <Button
              size="small"
              type="text"
              icon={icon}
              aria-label={t(`editor.${command}`)}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => run(command)}
            />
          </Tooltip>
        ))}
        <Tooltip title={t('editor.link')}>
          <Button
            size="small"
            type="text"
            icon={<LinkOutlined />}
            aria-label={t('editor.link')}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => {
              const url = window.prompt(t('editor.linkPrompt'), 'https://');
              if (url && /^https?:\/\//.test(url)) run('createLink', url);
            }}
          />
        </Tooltip>
      </Space>
      {/* biome-ignore lint/a11y/useSemanticElements: a textarea cannot hold formatted text */}
      <div
        role="textbox"
        aria-multiline="true"
        tabIndex={0}
        id={id}
        ref={ref}
        className="rich-text-area"
        contentEditable
        suppressContentEditableWarning
        onInput={emit}
        onBlur={emit}
      />
    </div>
  );
}
