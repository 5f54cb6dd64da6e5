#!/usr/bin/env python3
"""A step-forward backtest against a running server (docs/agents.md), Python standard library only.

For each trading day D it asks with as_of=D (never later), decides after D's close, and trades at
the next trading day's open. Strategy: hold TICKER while its 5-day mean close is above its 20-day one.
Environment: SYNTH_BASE (default http://127.0.0.1:8787), SYNTH_KEY (default: npm start's
.local/api-key), SYNTH_SCENARIO, SYNTH_TICKER, SYNTH_START, SYNTH_END, SYNTH_DAYS. Prints one JSON line.
examples/backtest.ts is the same program in TypeScript: both must print the same summary.
"""
import json
import math
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


def get(path, **query):
    url = BASE + path + (f"?{urllib.parse.urlencode(query)}" if query else "")
    request = urllib.request.Request(url, headers={"X-API-KEY": KEY})
    try:
        with urllib.request.urlopen(request) as response:
            return json.load(response)
    except urllib.error.HTTPError as error:
        if error.code == 429:  # over the key's rate limit: wait as told, then ask again
            time.sleep(int(error.headers.get("Retry-After", "1")))
            return get(path, **query)
        sys.exit(f"{error.code} {url}: {error.read().decode()}")


# A scenario's id is a hash of its content: by default, the current id of megacap-tech-2023.
SCENARIO = os.environ.get("SYNTH_SCENARIO") or get("/scenarios", name="megacap-tech-2023")["scenarios"][0]["id"]
scenario = get(f"/scenarios/{SCENARIO}")["scenario"]
start = date.fromisoformat(scenario["start_date"])
day = date.fromisoformat(os.environ.get("SYNTH_START") or str(start + timedelta(days=LOOKBACK)))
# The agent's present; a later SYNTH_END steps into a future branch (docs/agents.md, grading).
last = date.fromisoformat(os.environ.get("SYNTH_END") or scenario["current_date"])

cash, shares, pending = 10_000.0, 0, None  # pending: the decision of the last close, filled at the next open
stepped, trades, equity, first, latest = 0, 0, cash, None, None
while stepped < DAYS and day <= last:
    # Everything this step reads is asked for as of D: the bars up to and including D's close.
    bars = get("/prices", scenario_id=SCENARIO, ticker=TICKER, as_of=str(day),
               start_date=str(day - timedelta(days=LOOKBACK)))["prices"]
    if bars and bars[-1]["time"] == str(day):  # a trading day (else a weekend or holiday: nothing to do)
        bar = bars[-1]
        if pending is True and shares == 0:  # yesterday's decision, filled at today's open
            shares = math.floor(cash / bar["open"])
            cash -= shares * bar["open"]
            trades += 1
        elif pending is False and shares > 0:
            cash += shares * bar["open"]
            shares = 0
            trades += 1
        closes = [b["close"] for b in bars]
        if len(closes) >= LONG:
            pending = sum(closes[-SHORT:]) / SHORT > sum(closes[-LONG:]) / LONG
        equity = cash + shares * bar["close"]
        first, latest = first or str(day), str(day)
        stepped += 1
    day += timedelta(days=1)

print(json.dumps({"scenario": SCENARIO, "ticker": TICKER, "first_day": first, "last_day": latest,
                  "days": stepped, "trades": trades, "shares": shares, "final_equity": equity}))
