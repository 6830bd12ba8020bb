import { GlobalOutlined } from '@ant-design/icons';
import { LANGS, type Language } from '@lodestar/domain';
import { Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../store/session.ts';

/** Switches zh / en / fr; the choice is kept in the browser. */
export function LanguageSwitch({ onChange, className }: { onChange?: (lang: Language) => void; className?: string }) {
  const { t } = useTranslation();
  const language = useSession((s) => s.language);
  const setLanguage = useSession((s) => s.setLanguage);
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [language],
        items: LANGS.map((lang) => ({ key: lang, label: <span data-lang={lang}>{t(`lang.${lang}`)}</span> })),
        onClick: ({ key }) => {
          const lang = key as Language;
          setLanguage(lang);
          onChange?.(lang);
        },
      }}
    >
      <button type="button" className={`plain-button language-switch ${className ?? ''}`} aria-label={t('language')}>
        <GlobalOutlined />
        <span>{t(`lang.${language}`)}</span>
      </button>
    </Dropdown>
  );
}
