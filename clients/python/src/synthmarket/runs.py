"""Evaluation runs (docs/runs.md): the server keeps the clock, the book and the score of an agent."""
from __future__ import annotations

import uuid
from typing import Any, Optional
from urllib.parse import quote

from .client import Client, Day, _iso


class Run:
    """A run, traded with its run key. `data` is a Client with that key: every answer it gets is as
    of the run's day, and never later. Orders and advances carry client ids, so a retried request
    happens once."""

    def __init__(self, opener: Client, run: dict, key: str):
        self.id: str = run["run_id"]
        self.key = key
        self.state: dict = run
        self.data = Client(opener.base_url, key, max_retries=opener.max_retries, max_wait=opener.max_wait)
        self._path = f"/runs/{quote(self.id, safe='')}"

    @property
    def day(self) -> str:
        return self.state["day"]

    @property
    def finished(self) -> bool:
        return self.state["status"] == "finished"

    def order(self, ticker: str, side: Optional[str] = None, **size: Any) -> dict:
        """One order: `shares`, `notional` or `target_weight`; `type="limit"` with `limit_price`."""
        return self.orders([{"ticker": ticker, "side": side, **size}])

    def orders(self, orders: list) -> dict:
        """Several orders on the run's day, all placed or none: {"orders": [...], "unchanged": [...]}."""
        sent = [{k: v for k, v in o.items() if v is not None} for o in orders]
        for o in sent:
            o.setdefault("client_order_id", uuid.uuid4().hex)
        return self.data.post(f"{self._path}/orders", {"orders": sent})

    def cancel(self, order_id: str) -> dict:
        return self.data.post(f"{self._path}/orders/{quote(order_id, safe='')}/cancel")["order"]

    def advance(self, to: Optional[Day] = None) -> dict:
        """The next trading day (or every one up to `to`): the new book, and the ledger entries it made."""
        body = {"client_id": uuid.uuid4().hex, **({"to": _iso(to)} if to is not None else {})}
        answer = self.data.post(f"{self._path}/advance", body)
        self.state = answer["run"]
        return answer

    def finish(self) -> dict:
        self.state = self.data.post(f"{self._path}/finish", {"client_id": uuid.uuid4().hex})["run"]
        return self.state

    def refresh(self) -> dict:
        self.state = self.data.get(self._path)["run"]
        return self.state

    def ledger(self) -> list:
        return self.data.get(f"{self._path}/ledger")["ledger"]

    def equity(self) -> list:
        return self.data.get(f"{self._path}/equity")["equity"]

    def score(self) -> dict:
        """The score once finished, beside the scenario's baselines."""
        return self.data.get(f"{self._path}/score")

    def close(self) -> None:
        self.data.close()
