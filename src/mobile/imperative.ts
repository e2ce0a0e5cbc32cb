import Toast from 'antd-mobile/es/components/toast';
import { installImperativeRender } from './imperative-render';

// antd-mobile's imperative calls (Toast.show, Dialog.show, ActionSheet.show, Modal.alert) render through
// React 19's createRoot only once installImperativeRender has run. Every such call takes its API from this
// module, so the render is installed before the first one, and pages without one (the login page, whose
// errors arrive through the lazily loaded show-error) do not carry it on their first paint.
installImperativeRender();

export { Toast };
