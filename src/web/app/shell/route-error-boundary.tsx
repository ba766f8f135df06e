import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { reloadOnceForNewCode, ScreenLoadError } from './screen-chunks';

type Props = { children: ReactNode; /** The address; a new one clears the error, so the menu still works. */ resetKey: string };
type State = { error: Error | null; reloading: boolean };

/**
 * Catches whatever a screen throws while it loads or renders, inside the layout, so the header and footer stay and
 * the customer is told what happened instead of facing a blank page.
 */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, reloading: false };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    if (error instanceof ScreenLoadError && reloadOnceForNewCode()) {
      this.setState({ reloading: true });
      return;
    }
    console.error('A screen failed to show', error, info.componentStack);
  }

  override componentDidUpdate(previous: Props) {
    if (this.state.error && previous.resetKey !== this.props.resetKey) this.setState({ error: null, reloading: false });
  }

  private retry = () => {
    // A screen's code that failed to fetch stays failed in this page (the browser and React both keep the
    // failure), so only a reload fetches it again; any other error may pass on a second render.
    if (this.state.error instanceof ScreenLoadError) window.location.reload();
    else this.setState({ error: null });
  };

  override render() {
    const { error, reloading } = this.state;
    if (!error) return this.props.children;
    if (reloading) return null;
    const offline = error instanceof ScreenLoadError;
    return (
      <section className="container py-5 text-center page-narrow">
        <div role="alert">
          <h1 className="h2">{offline ? "We couldn't load this page." : 'Something went wrong on this page.'}</h1>
          <p className="text-body-secondary">
            {offline ? 'Check your connection and try again.' : 'Please try again; if it keeps happening, come back a little later.'}
          </p>
        </div>
        <div className="d-flex gap-2 justify-content-center flex-wrap">
          <button type="button" className="btn btn-amber" onClick={this.retry}>
            Try again
          </button>
          <Link className="btn btn-outline-amber" to="/">
            Back to home
          </Link>
        </div>
      </section>
    );
  }
}
