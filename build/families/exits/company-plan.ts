// A company's exits as the plan draws them (plan.ts), apart so that the steps of the plan share it.
import type { Failure } from "./failures.ts";
import type { Takeover } from "./takeovers.ts";

export interface CompanyPlan {
  /** Its takeovers in order: at most one closes, and it is the last. */
  takeovers: Takeover[];
  failure?: Failure;
}
