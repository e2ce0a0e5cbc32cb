import { Component, createContext, type ReactNode, useContext } from 'react';
import { useLocation } from 'react-router-dom';

const RouteErrorContext = createContext<unknown>(null);

/** The error the route boundary caught, for the shell's error view (null outside a caught error). */
export function useCaughtRouteError(): unknown {
  return useContext(RouteErrorContext);
}

interface BoundaryProps {
  fallback: ReactNode;
  /** The location: a caught error is forgotten when it changes, so a link away leaves the error view. */
  resetKey: string;
  children: ReactNode;
}

interface BoundaryState {
  caught: { error: unknown } | null;
  /** The location this state belongs to. */
  at: string;
}

class Boundary extends Component<BoundaryProps, BoundaryState> {
  constructor(props: BoundaryProps) {
    super(props);
    this.state = { caught: null, at: props.resetKey };
  }

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { caught: { error } };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey === state.at ? null : { caught: null, at: props.resetKey };
  }

  override render() {
    if (!this.state.caught) return this.props.children;
    return (
      <RouteErrorContext.Provider value={this.state.caught.error}>
        {this.props.fallback}
      </RouteErrorContext.Provider>
    );
  }
}

/**
 * Catches what a page throws while loading or rendering (a lazy chunk that fails to load, above all) and
 * shows the shell's error view instead of a blank screen, until the user goes to another path.
 */
export function RouteErrorBoundary({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <Boundary fallback={fallback} resetKey={pathname}>
      {children}
    </Boundary>
  );
}
