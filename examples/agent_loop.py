"""An agent loop on the Python client (clients/python): examples/agent-loop.ts in Python, step for step,
so both write the same decision log. List the scenarios, step a clock over trading days, read prices,
the latest statements and the day's news as of each day, decide, and write one JSON line per day.

Install the client first (`pip install ./clients/python`), then run against `npm start`:
`python3 examples/agent_loop.py`. Environment: SYNTH_BASE, SYNTH_KEY (default: .local/api-key),
SYNTH_SCENARIO (default: the first scenario listed), SYNTH_TICKER, SYNTH_START, SYNTH_DAYS,
SYNTH_LOG (default decisions.jsonl).
"""
import json
import math
import os
from datetime import date, timedelta
from pathlib import Path

from synthmarket import Client

env = os.environ
key_file = Path(__file__).resolve().parent.parent / ".local" / "api-key"
key = env.get("SYNTH_KEY") or (key_file.read_text().strip() if key_file.exists() else "")
client = Client(env.get("SYNTH_BASE", "http://127.0.0.1:8787"), key)
ticker = env.get("SYNTH_TICKER", "AAPL")
days = int(env.get("SYNTH_DAYS", "20"))
log_file = env.get("SYNTH_LOG", "decisions.jsonl")

scenarios = client.get("/scenarios")["scenarios"]
scenario = next((s for s in scenarios if s["id"] == env.get("SYNTH_SCENARIO")), scenarios[0])
clock = client.clock(scenario["id"], env.get("SYNTH_START") or scenario["start_date"])


def shift_days(day: str, by: int) -> str:
    return (date.fromisoformat(day) + timedelta(days=by)).isoformat()


log = []
for _ in range(days):
    day = clock.today
    # Everything is asked as of the clock's day: nothing later can be in an answer.
    prices = clock.get("/prices", ticker=ticker, start_date=shift_days(day, -30))
    statements = clock.get("/financials/income-statements", ticker=ticker, limit=1)
    news = clock.get("/news", ticker=[ticker], start_date=day, limit=20)
    closes = [p["close"] for p in prices["prices"]]
    mean = sum(closes) / len(closes)
    latest = statements["income_statements"][0] if statements["income_statements"] else None
    action = "hold" if closes[-1] > mean and ((latest or {}).get("net_income") or 0) > 0 else "flat"
    log.append({
        "day": day,
        "as_of": clock.today,
        "close": closes[-1],
        "mean_close": math.floor(mean * 100 + 0.5) / 100,  # as JavaScript's Math.round
        "latest_report_period": latest["report_period"] if latest else None,
        "news_today": [n["title"] for n in news["news"]],
        "action": action,
    })
    if not clock.step():
        break

Path(log_file).write_text("".join(json.dumps(entry) + "\n" for entry in log))
print(json.dumps({"scenario": scenario["id"], "ticker": ticker, "days": len(log), "log": log_file}))
