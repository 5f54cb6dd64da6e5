// Worker entry point.
import { createApp } from "./app.ts";

export { RateLimiter } from "./ratelimit.ts";

export default createApp();
