import type { ThemeConfig } from 'antd';

/** The portal's antd theme: a calm blue, soft radii, system fonts with CJK fallbacks. */
export const desktopTheme: ThemeConfig = {
  token: {
    colorPrimary: '#2563eb',
    colorLink: '#2563eb',
    borderRadius: 8,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', sans-serif",
  },
  components: {
    Button: { controlHeightLG: 44 },
    Input: { controlHeightLG: 44 },
  },
};
