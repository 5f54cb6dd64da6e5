#!/usr/bin/env python3
"""An agent evaluated in a run (docs/runs.md), Python standard library only.

It opens a run with the account's key, then works with the run's key alone: each trading day D it
reads TICKER's prices (the server answers as of D, never later), decides after D's close, places an
order that fills at the next open, and advances the day. Strategy: hold TICKER (95% of equity) while
its 5-day mean close is above its 20-day one. After SYNTH_DAYS days (or the run's end) it finishes the
run and prints one JSON line: the book, the score, and the scenario's baselines beside it.
Environment: SYNTH_BASE (default http://127.0.0.1:8787), SYNTH_KEY (default: npm start's
.local/api-key), SYNTH_SCENARIO, SYNTH_TICKER, SYNTH_START, SYNTH_END, SYNTH_DAYS.
examples/backtest.ts is the same agent in TypeScript: both must print the same summary.
"""
import json
import os
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from datetime import date, timedelta
from pathlib import Path

BASE = os.environ.get("SYNTH_BASE", "http://127.0.0.1:8787").rstrip("/")
KEY_FILE = Path(__file__).resolve().parent.parent / ".local" / "api-key"
KEY = os.environ.get("SYNTH_KEY") or (KEY_FILE.exists() and KEY_FILE.read_text().strip())
if not KEY:
    sys.exit("Set SYNTH_KEY to an API key (npm start prints the local one).")
TICKER = os.environ.get("SYNTH_TICKER", "AAPL")
DAYS = int(os.environ.get("SYNTH_DAYS", "30"))
SHORT, LONG, LOOKBACK = 5, 20, 45  # moving averages in trading days; window asked for in calendar days


def call(path, key, body=None, **query):
    """GET (or POST `body`) with a key: the JSON answer; a 429 waits as told and asks again."""
    url = BASE + path + (f"?{urllib.parse.urlencode(query)}" if query else "")
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, headers={"X-API-KEY": key, "Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request) as response:
            return json.load(response)
    except urllib.error.HTTPError as error:
        if error.code == 429:
            time.sleep(int(error.headers.get("Retry-After", "1")))
            return call(path, key, body, **query)
        sys.exit(f"{error.code} {url}: {error.read().decode()}")


# A scenario's id is a hash of its content: by default, the current id of megacap-tech-2023.
SCENARIO = os.environ.get("SYNTH_SCENARIO") or call("/scenarios", KEY, name="megacap-tech-2023")["scenarios"][0]["id"]
scenario = call(f"/scenarios/{SCENARIO}", KEY)["scenario"]
start = os.environ.get("SYNTH_START") or str(date.fromisoformat(scenario["start_date"]) + timedelta(days=LOOKBACK))
opened = {"scenario_id": SCENARIO, "agent": "moving-average-example", "start_date": start}
if os.environ.get("SYNTH_END"):  # a future branch's end_date: the run crosses its current_date
    opened["end_date"] = os.environ["SYNTH_END"]
answer = call("/runs", KEY, opened)
RUN, RUN_KEY = answer["run"]["run_id"], answer["run_key"]
run = answer["run"]

first, days = run["day"], 0
while run["status"] == "running" and days < DAYS:
    day = run["day"]
    # No as_of: the run's key is answered as of the run's day, and never later.
    since = str(date.fromisoformat(day) - timedelta(days=LOOKBACK))
    closes = [b["close"] for b in call("/prices", RUN_KEY, scenario_id=SCENARIO, ticker=TICKER, start_date=since)["prices"]]
    if len(closes) >= LONG:
        hold = sum(closes[-SHORT:]) / SHORT > sum(closes[-LONG:]) / LONG
        holding = any(p["ticker"] == TICKER for p in run["positions"])
        if hold != holding:  # buy into 95% of equity, or sell out
            order = {"ticker": TICKER, "target_weight": 0.95 if hold else 0, "client_order_id": f"{day}-{TICKER}"}
            call(f"/runs/{RUN}/orders", RUN_KEY, order)
    run = call(f"/runs/{RUN}/advance", RUN_KEY, {"client_id": f"advance-{day}"})["run"]
    days += 1

if run["status"] == "running":
    run = call(f"/runs/{RUN}/finish", RUN_KEY, {"client_id": "finish"})["run"]
fills = [e for e in call(f"/runs/{RUN}/ledger", RUN_KEY)["ledger"] if e["kind"] == "fill"]
scored = call(f"/runs/{RUN}/score", RUN_KEY)
print(json.dumps({
    "scenario": SCENARIO, "ticker": TICKER, "first_day": first, "last_day": run["day"], "days": days,
    "trades": len(fills), "final_equity": run["equity"], "score": scored["score"],
    "baselines": {b["name"]: b["score"]["total_return"] for b in scored["baselines"]},
}))
