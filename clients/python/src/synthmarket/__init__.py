"""A thin client of the synthetic market data API (clients/python/README.md)."""
from .client import PAGE_SIZE, ApiError, Client, Clock, to_frame

__all__ = ["ApiError", "Client", "Clock", "PAGE_SIZE", "to_frame"]
__version__ = "0.1.0"
