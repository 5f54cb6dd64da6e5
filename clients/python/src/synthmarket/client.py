"""The client: one GET with back-off, paging by offset, and a clock that owns as_of."""
from __future__ import annotations

import time
from bisect import bisect_right
from datetime import date
from typing import Any, Iterator, Optional, Union
from urllib.parse import quote

import httpx

Day = Union[str, date]

# Every paged route takes at least 100 rows a page (the smallest maximum, docs/reference.md), so this
# page size is valid everywhere; pass page_size= up to the route's maximum for fewer requests.
PAGE_SIZE = 100


class ApiError(Exception):
    """An answer other than 2xx (after any retries): the status and the API's `detail`."""

    def __init__(self, status: int, detail: str, body: Any = None, url: str = ""):
        super().__init__(f"{status} {detail}" + (f" ({url})" if url else ""))
        self.status, self.detail, self.body, self.url = status, detail, body, url


def _iso(day: Day) -> str:
    return date.fromisoformat(str(day)).isoformat()  # also checks the form: YYYY-MM-DD


def _value(value: Any) -> Any:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, (list, tuple)):
        return [_value(v) for v in value]  # httpx repeats the parameter: ticker=A&ticker=B
    return str(value)


def _query_json(fields: dict) -> dict:
    return {k: (v.isoformat() if isinstance(v, date) else v) for k, v in fields.items() if v is not None}


def _query(params: dict) -> dict:
    return {k: _value(v) for k, v in params.items() if v is not None}


def to_frame(rows: list) -> Any:
    """Rows (dicts) as a pandas DataFrame; pandas is imported only here (the `pandas` extra)."""
    try:
        import pandas
    except ImportError as error:
        raise ImportError("to_frame needs pandas: pip install './clients/python[pandas]'") from error
    return pandas.DataFrame.from_records(list(rows))


class Client:
    """A key, a base URL and the retry policy: `get`, `paginate`, `clock`, and a few named routes."""

    def __init__(
        self,
        base_url: str,
        api_key: str,
        *,
        max_retries: int = 5,
        timeout: float = 30.0,
        max_wait: float = 60.0,
        backoff: float = 0.5,
    ):
        self.base_url = base_url.rstrip("/")
        self._http = httpx.Client(base_url=self.base_url, headers={"X-API-KEY": api_key}, timeout=timeout)
        self.max_retries, self.max_wait, self.backoff = max_retries, max_wait, backoff
        self.last_as_of: Optional[str] = None  # X-As-Of of the last answer: the horizon it applied
        self.requests = 0  # HTTP requests sent, retries included: what a rate limit counts
        self.retries = 0  # of which retries (after a 429, a 5xx or a failed connection)

    def close(self) -> None:
        self._http.close()

    def __enter__(self) -> "Client":
        return self

    def __exit__(self, *_: Any) -> None:
        self.close()

    def get(self, path: str, **params: Any) -> Any:
        """GET `path` with `params` (None dropped, lists repeated, booleans true/false): the parsed JSON.

        A 429 waits its Retry-After (at most max_wait seconds) and asks again; a 5xx or a failed
        connection waits backoff * 2**attempt. After max_retries retries the last failure is raised."""
        return self._send("GET", path, params=_query(params))

    def post(self, path: str, body: Optional[dict] = None) -> Any:
        """POST a JSON body, retried as `get` is: a run's writes carry client ids, so a retry after a
        lost answer places nothing twice (docs/runs.md)."""
        return self._send("POST", path, json=body or {})

    def _send(self, method: str, path: str, **sent: Any) -> Any:
        attempt = 0
        while True:
            self.requests += 1
            try:
                response = self._http.request(method, path, **sent)
            except httpx.TransportError:  # refused, reset or timed out: the server may be back soon
                if attempt == self.max_retries:
                    raise
                delay = self.backoff * 2**attempt
            else:
                if attempt < self.max_retries and response.status_code == 429:
                    delay = self._retry_after(response)
                elif attempt < self.max_retries and response.status_code >= 500:
                    delay = self.backoff * 2**attempt
                else:
                    self.last_as_of = response.headers.get("X-As-Of")
                    if response.is_success:
                        return response.json()
                    raise self._error(response)
            self._wait(delay)
            attempt += 1

    def _wait(self, seconds: float) -> None:
        self.retries += 1
        time.sleep(min(seconds, self.max_wait))

    @staticmethod
    def _retry_after(response: httpx.Response) -> float:
        try:  # the API sends whole seconds (1-60); an HTTP date or nothing waits one second
            return max(0.0, float(response.headers.get("Retry-After", "1")))
        except ValueError:
            return 1.0

    @staticmethod
    def _error(response: httpx.Response) -> ApiError:
        try:
            body = response.json()
            detail = body.get("detail", response.text) if isinstance(body, dict) else response.text
        except ValueError:
            body, detail = None, response.text
        return ApiError(response.status_code, str(detail), body, str(response.url))

    def paginate(
        self,
        path: str,
        key: str,
        limit: Optional[int] = None,
        *,
        page_size: int = PAGE_SIZE,
        as_frame: bool = False,
        **params: Any,
    ) -> Any:
        """The rows under `key` across pages, walking `offset` (from `offset=` if given).

        At most `limit` rows in all (None: every row): each request asks for no more than are still
        wanted, and a page shorter than asked is the last, so no request is made past the end.
        An iterator of rows, or with as_frame=True a DataFrame of them."""
        if limit is not None and limit < 0:
            raise ValueError("limit must be >= 0")
        if page_size < 1:
            raise ValueError("page_size must be >= 1")
        rows = self._pages(path, key, limit, page_size, params)
        return to_frame(list(rows)) if as_frame else rows

    def _pages(self, path: str, key: str, limit: Optional[int], page_size: int, params: dict) -> Iterator[Any]:
        offset, served = params.pop("offset", 0) or 0, 0
        while limit is None or served < limit:
            asked = page_size if limit is None else min(page_size, limit - served)
            answer = self.get(path, **params, limit=asked, offset=offset)
            if key not in answer:
                raise KeyError(f"{path} answers {sorted(answer)}, not {key!r}")
            page = answer[key]
            if len(page) > asked:  # a route that does not page answers everything at once
                yield from page if limit is None else page[: limit - served]
                return
            yield from page
            served, offset = served + len(page), offset + len(page)
            if len(page) < asked:  # a short page is the last one
                return

    def start_run(self, scenario_id: str, agent: str, start_date: Day, **fields: Any) -> "Run":
        """Open an evaluation run (docs/runs.md): `end_date`, `starting_cash`, `benchmark`, `costs` optional.
        The Run trades with the run's key and reads the world as of the run's day through `run.data`."""
        from .runs import Run

        body = {"scenario_id": scenario_id, "agent": agent, "start_date": _iso(start_date), **_query_json(fields)}
        answer = self.post("/runs", body)
        return Run(self, answer["run"], answer["run_key"])

    def clock(self, scenario_id: str, start: Day, end: Optional[Day] = None) -> "Clock":
        """A clock over the scenario's trading days from `start`, up to its current_date, or to `end`:
        an `end` after current_date is the explicit step into a future branch."""
        return Clock(self, scenario_id, start, end)

    # A few named routes; every other route is `get` or `paginate` with the path and answer key.
    def scenarios(self, **params: Any) -> list:
        return list(self.paginate("/scenarios", "scenarios", **params))

    def scenario(self, scenario_id: str) -> dict:
        return self.get(f"/scenarios/{quote(scenario_id, safe='')}")["scenario"]

    def company_facts(self, scenario_id: str, ticker: str, **params: Any) -> dict:
        return self.get("/company/facts", scenario_id=scenario_id, ticker=ticker, **params)["company_facts"]

    def prices(self, scenario_id: str, ticker: str, limit: Optional[int] = None, **params: Any) -> Any:
        params.setdefault("page_size", 5000)
        return self._list("/prices", "prices", limit, scenario_id=scenario_id, ticker=ticker, **params)

    def income_statements(self, scenario_id: str, ticker: str, limit: Optional[int] = None, **params: Any) -> Any:
        return self._list("/financials/income-statements", "income_statements", limit,
                          scenario_id=scenario_id, ticker=ticker, **params)

    def news(self, scenario_id: str, limit: Optional[int] = None, **params: Any) -> Any:
        return self._list("/news", "news", limit, scenario_id=scenario_id, **params)

    def _list(self, path: str, key: str, limit: Optional[int], **params: Any) -> Any:
        rows = self.paginate(path, key, limit, **params)
        return rows if params.get("as_frame") else list(rows)


class Clock:
    """A backtest's present: `today` steps forward over trading days and never back, and `get` and
    `paginate` ask as of today, so no answer shows a day the clock has not reached."""

    def __init__(self, client: Client, scenario_id: str, start: Day, end: Optional[Day] = None):
        self.client, self.scenario_id = client, scenario_id
        # Without as_of the calendar stops at current_date; only an explicit end reveals a branch.
        window = {"start_date": _iso(start)} | ({"end_date": _iso(end), "as_of": _iso(end)} if end else {})
        self.days: list = list(client.paginate("/prices/trading-days", "trading_days", page_size=10_000,
                                               scenario_id=scenario_id, **window))
        if not self.days:
            raise ValueError(f"no trading day in {scenario_id} from {_iso(start)} to {end or 'current_date'}")
        self._index = 0

    @property
    def today(self) -> str:
        return self.days[self._index]

    @property
    def last_day(self) -> str:
        return self.days[-1]

    def step(self) -> Optional[str]:
        """Move to the next trading day and return it; None (staying put) after the last day."""
        if self._index + 1 == len(self.days):
            return None
        self._index += 1
        return self.today

    def set(self, day: Day) -> str:
        """Jump forward to the last trading day on or before `day` (never after it, so nothing later
        is revealed). A day before today, or after the clock's last day, raises ValueError."""
        day = _iso(day)
        if day < self.today:
            raise ValueError(f"the clock does not go back: today is {self.today}, asked {day}")
        if day > self.last_day:
            raise ValueError(f"{day} is after the clock's last day {self.last_day} (pass end= to go further)")
        self._index = bisect_right(self.days, day) - 1
        return self.today

    def __iter__(self) -> Iterator[str]:
        """Today, then each following trading day (the clock steps as the loop goes)."""
        yield self.today
        while self.step():
            yield self.today

    def _as_of(self, params: dict) -> dict:
        asked = params.get("as_of")
        # A moment of a day (`2023-03-10T10:00` or a datetime) is checked by its day.
        if asked is not None and _iso(str(asked)[:10]) > self.today:
            raise ValueError(f"as_of {asked} is after the clock's day {self.today}")
        return {"scenario_id": self.scenario_id, **params, "as_of": asked or self.today}

    def get(self, path: str, **params: Any) -> Any:
        """`Client.get` as of today (an explicit earlier as_of is kept; a later one raises)."""
        return self.client.get(path, **self._as_of(params))

    def paginate(self, path: str, key: str, limit: Optional[int] = None, **params: Any) -> Any:
        return self.client.paginate(path, key, limit, **self._as_of(params))
