import { Component, type ReactNode } from 'react';

type Props = { children: ReactNode; /** Told once what failed; the owner says so and closes the dialog. */ onError: (error: Error) => void };
type State = { failed: boolean };

/**
 * For a dialog that loads its own code outside the route's error boundary (the footer's): without it, a chunk that
 * cannot be fetched would take the whole page down. Draws nothing once it failed; the owner unmounts it.
 */
export class DialogLoadBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    this.props.onError(error instanceof Error ? error : new Error(String(error)));
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
