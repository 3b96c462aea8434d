/** Shows the error screen when a page throws while rendering; a new location clears it. */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'react-router';

interface Props {
  fallback: ReactNode;
  children: ReactNode;
}

class Boundary extends Component<Props & { resetKey: string }, { failed: boolean; resetKey: string }> {
  override state = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: { resetKey: string }, state: { failed: boolean; resetKey: string }) {
    return props.resetKey !== state.resetKey ? { failed: false, resetKey: props.resetKey } : null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

export function ErrorBoundary({ fallback, children }: Props) {
  const { key } = useLocation();
  return (
    <Boundary resetKey={key} fallback={fallback}>
      {children}
    </Boundary>
  );
}
