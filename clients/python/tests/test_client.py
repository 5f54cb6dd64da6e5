"""get, paginate, errors and frames against the real server."""
import pytest

from synthmarket import ApiError, Client, to_frame
from conftest import env


def test_paginate_stops_at_limit_and_equals_the_apis_pages(client, scenario):
    params = dict(scenario_id=scenario, ticker="AAPL", start_date="2023-01-01")
    rows = list(client.paginate("/prices", "prices", 25, page_size=10, **params))
    assert len(rows) == 25
    assert client.requests == 3  # 10, 10, then only the 5 still wanted
    # The API's own pages, asked for directly, hold the same rows in the same order.
    pages = [client.get("/prices", **params, limit=10, offset=o)["prices"] for o in (0, 10, 20)]
    assert rows == (pages[0] + pages[1] + pages[2])[:25]
    assert rows == client.get("/prices", **params, limit=25)["prices"]


def test_paginate_makes_no_request_after_a_short_page(client, scenario):
    window = dict(scenario_id=scenario, start_date="2023-02-01", end_date="2023-03-31")
    days = client.get("/prices/trading-days", **window)["trading_days"]
    assert len(days) % 8 != 0  # so the last page is short, not empty
    client.requests = 0
    assert list(client.paginate("/prices/trading-days", "trading_days", page_size=8, **window)) == days
    assert client.requests == len(days) // 8 + 1
    # A limit beyond the rows there are changes nothing; a limit of 0 asks nothing.
    client.requests = 0
    assert list(client.paginate("/prices/trading-days", "trading_days", 10_000, page_size=8, **window)) == days
    assert client.requests == len(days) // 8 + 1
    assert list(client.paginate("/prices/trading-days", "trading_days", 0, **window)) == []
    assert client.requests == len(days) // 8 + 1


def test_paginate_starts_at_a_given_offset(client, scenario):
    window = dict(scenario_id=scenario, start_date="2023-02-01", end_date="2023-03-31")
    days = client.get("/prices/trading-days", **window)["trading_days"]
    assert list(client.paginate("/prices/trading-days", "trading_days", 5, offset=3, **window)) == days[3:8]


def test_lists_repeat_and_booleans_are_true_or_false(client, scenario):
    news = client.get("/news", scenario_id=scenario, ticker=["AAPL", "MSFT"], limit=200)["news"]
    assert news and {n["ticker"] for n in news} == {"AAPL", "MSFT"}
    bare = client.get("/prices", scenario_id=scenario, ticker="AAPL", limit=1, include_components=False)
    full = client.get("/prices", scenario_id=scenario, ticker="AAPL", limit=1, include_components=True)
    assert "adjusted_close" not in bare["prices"][0] and "adjusted_close" in full["prices"][0]
    with pytest.raises(ApiError) as error:
        client.get("/prices", scenario_id=scenario, ticker="AAPL", tikcer="x", strict=True)
    assert error.value.status == 422 and "tikcer" in error.value.detail


def test_an_error_carries_the_apis_detail(client, scenario):
    with pytest.raises(ApiError) as error:
        client.get("/scenarios/no-such-scenario")
    assert error.value.status == 404
    assert error.value.detail.startswith("Scenario not found: no scenario has the id 'no-such-scenario'")
    assert client.retries == 0  # a 4xx other than 429 is an answer, not a failure to retry
    with pytest.raises(ApiError) as error:
        client.get("/prices", scenario_id=scenario, ticker="NOSUCH")
    assert error.value.status == 404 and "NOSUCH" in error.value.detail
    assert client.last_as_of is None  # errors name no horizon


def test_last_as_of_is_the_answers_horizon(client, scenario):
    current = client.scenario(scenario)["current_date"]
    client.get("/prices", scenario_id=scenario, ticker="AAPL", limit=1)
    assert client.last_as_of == current
    client.get("/prices", scenario_id=scenario, ticker="AAPL", limit=1, as_of="2023-03-15")
    assert client.last_as_of == "2023-03-15"
    client.get("/scenarios")
    assert client.last_as_of is None  # catalog answers carry none


def test_named_routes(client, scenario):
    assert scenario in {s["id"] for s in client.scenarios()}
    assert client.scenario(scenario)["id"] == scenario
    assert client.company_facts(scenario, "AAPL")["ticker"] == "AAPL"
    statements = client.income_statements(scenario, "AAPL", 3)
    assert len(statements) == 3 and all(s["ticker"] == "AAPL" for s in statements)
    assert len(client.news(scenario, 7, ticker="AAPL")) == 7
    bars = client.prices(scenario, "AAPL", start_date="2023-03-01", end_date="2023-03-03")
    assert [b["time"] for b in bars] == ["2023-03-01", "2023-03-02", "2023-03-03"]


def test_frames(client, scenario):
    import pandas  # the [pandas] extra

    params = dict(scenario_id=scenario, ticker="AAPL", start_date="2023-03-01", end_date="2023-03-31")
    rows = list(client.paginate("/prices", "prices", **params))
    frame = client.paginate("/prices", "prices", as_frame=True, **params)
    assert isinstance(frame, pandas.DataFrame) and len(frame) == len(rows) > 0
    assert list(frame["close"]) == [r["close"] for r in rows]
    assert to_frame(rows).equals(frame)
    named = client.prices(scenario, "AAPL", start_date="2023-03-01", end_date="2023-03-31", as_frame=True)
    assert named.equals(frame)


def test_a_real_429_is_retried_then_raised_when_retries_are_spent(base, scenario):
    # A key allowed one request a minute: the first fills its window, the next are refused. The wait is
    # capped at 0.1 s so the test does not sit out Retry-After (up to 60 s; timed in test_backoff.py).
    with Client(base, env("SYNTH_TINY_KEY"), max_retries=0) as first:
        try:
            first.scenario(scenario)
        except ApiError as error:
            assert error.status == 429  # the window was already full
    with Client(base, env("SYNTH_TINY_KEY"), max_retries=2, max_wait=0.1) as tiny:
        with pytest.raises(ApiError) as error:
            tiny.scenario(scenario)
    assert error.value.status == 429 and error.value.detail
    assert (tiny.requests, tiny.retries) == (3, 2)
