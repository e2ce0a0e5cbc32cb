import { Alert } from 'antd';

/** The notice above the login form, e.g. the forced logout after 5 days. */
export function LoginNotice({ title, description }: { title: string; description: string }) {
  return <Alert className="login-notice" type="warning" showIcon title={title} description={description} />;
}
