import { unstableSetRender } from 'antd-mobile';
import { createRoot } from 'react-dom/client';

/**
 * antd-mobile 5 renders its imperative Toast and Dialog with React 18's legacy API; under React 19 it needs a render
 * function built on createRoot (antd-mobile's "v5 for React 19" guide). Called once by main.tsx and by the component
 * tests' setup.
 */
export function renderAntdWithReact19(): void {
  unstableSetRender((node, container) => {
    const holder = container as Element & { _reactRoot?: ReturnType<typeof createRoot> };
    holder._reactRoot ??= createRoot(container);
    const root = holder._reactRoot;
    root.render(node);
    return async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
      root.unmount();
    };
  });
}
