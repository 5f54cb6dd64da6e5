"""Evaluation runs through the client: open, trade with the run key, advance, finish, score."""
import pytest

from synthmarket import ApiError


def test_a_run_trades_with_its_own_key_and_reads_as_of_its_day(client, scenario):
    run = client.start_run(scenario, "python-client", "2023-04-03", end_date="2023-04-28")
    try:
        assert run.day == "2023-04-03" and not run.finished
        # The run's data client is answered as of the run's day, whatever it asks for.
        bars = run.data.get("/prices", scenario_id=scenario, ticker="AAPL", as_of="2023-12-29", start_date="2023-03-01")
        assert bars["prices"][-1]["time"] == "2023-04-03"
        assert run.data.last_as_of == "2023-04-03"
        placed = run.orders([{"ticker": "AAPL", "side": "buy", "shares": 40}, {"ticker": "SPY", "target_weight": 0.2}])
        assert [o["ticker"] for o in placed["orders"]] == ["AAPL", "SPY"]
        assert all(o["client_order_id"] for o in placed["orders"])  # given by the client, so a retry is safe
        step = run.advance()
        assert run.day == "2023-04-04"
        assert sorted(e["ticker"] for e in step["ledger"] if e["kind"] == "fill") == ["AAPL", "SPY"]
        with pytest.raises(ApiError) as refused:
            run.order("AAPL", "buy", shares=0)
        assert refused.value.status == 422
        run.advance("2023-04-14")
        assert run.day == "2023-04-14"
        run.finish()
        assert run.finished
        scored = run.score()
        assert scored["score"]["trading_days"] == len(run.equity()) - 1
        assert [b["name"] for b in scored["baselines"]] == ["cash", "benchmark", "equal_weight"]
        equity = run.equity()
        assert equity[-1]["equity"] == run.state["equity"]
    finally:
        run.close()
