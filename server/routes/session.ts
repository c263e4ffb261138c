/** Session routes (issue 4): demo login personas, logout, user info. Placeholder until that issue lands. */
import { Hono } from 'hono';

/** Returns the session sub-app. */
export function sessionRoutes(): Hono {
  return new Hono();
}
