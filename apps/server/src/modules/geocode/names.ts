import type { Language } from '@lodestar/domain';

/** Province names in English and French, keyed by the Chinese name the boundary data carries. */
const PROVINCES: Record<string, [en: string, fr: string]> = {
  北京: ['Beijing', 'Pékin'],
  天津: ['Tianjin', 'Tianjin'],
  河北: ['Hebei', 'Hebei'],
  山西: ['Shanxi', 'Shanxi'],
  内蒙古: ['Inner Mongolia', 'Mongolie-Intérieure'],
  辽宁: ['Liaoning', 'Liaoning'],
  吉林: ['Jilin', 'Jilin'],
  黑龙江: ['Heilongjiang', 'Heilongjiang'],
  上海: ['Shanghai', 'Shanghai'],
  江苏: ['Jiangsu', 'Jiangsu'],
  浙江: ['Zhejiang', 'Zhejiang'],
  安徽: ['Anhui', 'Anhui'],
  福建: ['Fujian', 'Fujian'],
  江西: ['Jiangxi', 'Jiangxi'],
  山东: ['Shandong', 'Shandong'],
  河南: ['Henan', 'Henan'],
  湖北: ['Hubei', 'Hubei'],
  湖南: ['Hunan', 'Hunan'],
  广东: ['Guangdong', 'Guangdong'],
  广西: ['Guangxi', 'Guangxi'],
  海南: ['Hainan', 'Hainan'],
  重庆: ['Chongqing', 'Chongqing'],
  四川: ['Sichuan', 'Sichuan'],
  贵州: ['Guizhou', 'Guizhou'],
  云南: ['Yunnan', 'Yunnan'],
  西藏: ['Tibet', 'Tibet'],
  陕西: ['Shaanxi', 'Shaanxi'],
  甘肃: ['Gansu', 'Gansu'],
  青海: ['Qinghai', 'Qinghai'],
  宁夏: ['Ningxia', 'Ningxia'],
  新疆: ['Xinjiang', 'Xinjiang'],
  台湾: ['Taiwan', 'Taïwan'],
  香港: ['Hong Kong', 'Hong Kong'],
  澳门: ['Macao', 'Macao'],
};

export function provinceName(zh: string, lang: Language): string {
  if (lang === 'zh') return zh;
  const names = PROVINCES[zh];
  return names ? names[lang === 'en' ? 0 : 1] : zh;
}

const regionNames = new Map<Language, Intl.DisplayNames>();

/** A country's name from its ISO 3166 code, in the language asked, from the runtime's own data. */
export function countryName(code: string, lang: Language): string {
  let names = regionNames.get(lang);
  if (!names) {
    names = new Intl.DisplayNames([lang === 'zh' ? 'zh-CN' : lang], { type: 'region' });
    regionNames.set(lang, names);
  }
  return names.of(code) ?? code;
}

export const provinceNamesKnown = (): string[] => Object.keys(PROVINCES);
