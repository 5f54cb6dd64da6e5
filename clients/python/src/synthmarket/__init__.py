"""A thin client of the synthetic market data API (clients/python/README.md)."""
from .client import PAGE_SIZE, ApiError, Client, Clock, to_frame
from .runs import Run

__all__ = ["ApiError", "Client", "Clock", "PAGE_SIZE", "Run", "to_frame"]
__version__ = "0.1.0"
