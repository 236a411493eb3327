import type { NavigateOptions, To } from 'react-router';

// A data router's navigate() returns a promise that settles when the
// navigation is done (see useNavigate's docs): say so, so it can be awaited.
declare module 'react-router' {
  interface NavigateFunction {
    (to: To, options?: NavigateOptions): Promise<void>;
    (delta: number): Promise<void>;
  }
}
