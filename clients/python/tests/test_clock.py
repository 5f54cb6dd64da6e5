"""The clock against the real server: trading days, forward only, answers as of its day."""
import pytest

BRANCH_TICKER = "NVDA"


def test_steps_forward_over_the_trading_days(client, scenario):
    days = client.get("/prices/trading-days", scenario_id=scenario, start_date="2023-02-04")["trading_days"]
    clock = client.clock(scenario, "2023-02-04")  # a Saturday: the clock starts on the next trading day
    assert clock.today == days[0] == "2023-02-06"
    assert [clock.step() for _ in range(5)] == days[1:6]
    assert clock.today == days[5]
    assert clock.last_day == days[-1] == client.scenario(scenario)["current_date"]


def test_answers_are_as_of_the_clocks_day(client, scenario):
    clock = client.clock(scenario, "2023-03-01")
    for day in clock:
        bars = clock.get("/prices", ticker="AAPL", start_date="2023-02-20")["prices"]
        assert client.last_as_of == day and bars[-1]["time"] == day
        news = clock.paginate("/news", "news", 50)
        assert client.last_as_of == day and all(n["visible_from"] <= day for n in news)
        if day >= "2023-03-10":
            break
    assert clock.today == "2023-03-10"
    clock.get("/company/facts", ticker="AAPL", as_of="2023-03-01")  # an earlier horizon may be asked
    assert client.last_as_of == "2023-03-01"
    with pytest.raises(ValueError, match="after the clock's day"):
        clock.get("/company/facts", ticker="AAPL", as_of="2023-03-13")
    # A moment of the clock's own day may be asked too: only the bars ended by then.
    minutes = clock.get("/prices", ticker="AAPL", interval="minute", start_date=clock.today, as_of="2023-03-10T10:00")
    assert client.last_as_of == "2023-03-10T10:00:00" and len(minutes["prices"]) == 30
    with pytest.raises(ValueError, match="after the clock's day"):
        clock.get("/prices", ticker="AAPL", as_of="2023-03-13T10:00")


def test_refuses_to_go_back(client, scenario):
    clock = client.clock(scenario, "2023-03-01")
    assert clock.set("2023-03-12") == "2023-03-10"  # a Sunday: the last trading day on or before it
    assert clock.set("2023-03-10") == "2023-03-10"  # standing still is allowed
    with pytest.raises(ValueError, match="does not go back"):
        clock.set("2023-03-09")
    assert clock.today == "2023-03-10"
    with pytest.raises(ValueError, match="after the clock's last day"):
        clock.set("2099-01-01")


def test_stops_at_current_date_unless_an_end_is_given(client, branch):
    scenario = client.scenario(branch)
    current, end = scenario["current_date"], scenario["end_date"]
    assert scenario["scenario_type"] == "future_branch" and current < end
    clock = client.clock(branch, "2025-10-20")
    while clock.step():
        pass
    assert clock.step() is None and clock.today == clock.last_day <= current
    clock.get("/prices", ticker=BRANCH_TICKER)
    assert client.last_as_of == clock.today
    # An explicit end is the step into the branch: its days are served to that later as_of only.
    graded = client.clock(branch, clock.today, end=end)
    assert graded.step() > current
    bars = graded.get("/prices", ticker=BRANCH_TICKER, start_date=current)["prices"]
    assert client.last_as_of == graded.today and bars[-1]["time"] == graded.today
    assert graded.last_day <= end
