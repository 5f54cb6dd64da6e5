// How a strategy's run is scored (docs/runs.md, "Scores"), as the run routes answer it and as the
// catalog lists each scenario's baselines: one declaration for both.
import { z } from "zod";
import { day, field } from "./fields.ts";

const scoreField = (description: string) => field(z.number().nullable(), description);
export const Score = z
  .object({
    total_return: scoreField("Equity at the end over the start, less one."),
    cagr: scoreField("Compound annual growth rate (252 trading days a year)."),
    annual_volatility: scoreField("Standard deviation of daily returns, annualised."),
    sharpe_ratio: scoreField("Mean daily return over the risk-free rate, over its deviation, annualised."),
    sortino_ratio: scoreField("As Sharpe, over the downside deviation."),
    max_drawdown: scoreField("The deepest fall from a peak of equity (negative)."),
    calmar_ratio: scoreField("CAGR over the maximum drawdown's size."),
    beta: scoreField("Of excess returns on the benchmark's."),
    alpha: scoreField("Annualised return unexplained by beta."),
    information_ratio: scoreField("Mean return over the benchmark's, over its deviation, annualised."),
    appraisal_ratio: scoreField("Alpha over residual volatility (Treynor–Black)."),
    turnover: scoreField("Traded value a year over average equity."),
    costs_paid: scoreField("Commissions, spread, impact and borrow fees, USD."),
    hit_rate: scoreField("Share of closed round trips that made money."),
    round_trips: scoreField("Closed round trips."),
    average_exposure: scoreField("Mean gross exposure over equity."),
    trading_days: scoreField("Daily returns scored."),
  })
  .meta({ id: "RunScore", description: 'A run\'s score (docs/runs.md, "Scores"); null where undefined.' });

export const Baseline = z
  .object({
    name: field(z.enum(["cash", "benchmark", "equal_weight"]), "Which baseline.", "equal_weight"),
    description: field(
      z.string(),
      "What it holds.",
      "Every company at equal weight, rebalanced on each month's first trading day.",
    ),
    start_date: day("Its first day."),
    end_date: day("Its last day."),
    score: Score,
  })
  .meta({
    id: "Baseline",
    description: "A strategy every agent should beat, scored by the runs' engine at build time.",
  });

export type BaselineScore = z.output<typeof Baseline>;
