#!/usr/bin/env python3
# -*- coding: utf-8 -*-
"""Inventory tracking for the warehouse.

Stock levels are kept per SKU.
"""

import logging
from functools import wraps

LOW_STOCK_THRESHOLD = 5
log = logging.getLogger(__name__)


def audited(action):
    """Decorator that logs every call of the wrapped function."""

    def decorate(fn):
        @wraps(fn)
        def wrapper(*args, **kwargs):
            log.info("%s %s", action, fn.__name__)
            return fn(*args, **kwargs)

        return wrapper

    return decorate


class Inventory:
    '''Stock levels per SKU.'''

    def __init__(self, items=None):
        self._items = dict(items or {})

    @audited("restock")
    def restock(self, sku, quantity):
        """Add ``quantity`` units of ``sku``.

        Args:
            sku: the stock keeping unit.
            quantity: how many units arrived.
        """
        if quantity <= 0:
            raise ValueError("quantity must be positive")
        self._items[sku] = self._items.get(sku, 0) + quantity

    def low_stock(self):
        # Comments are not docstrings.
        return sorted(sku for sku, n in self._items.items() if n < LOW_STOCK_THRESHOLD)

    class Snapshot:
        """A frozen copy of the stock levels."""

        def total(self):
            return sum(self.levels.values())


async def sync_inventory(client, inventory):
    """Push local stock levels to the remote service."""
    for sku in inventory.low_stock():
        await client.put(f"/stock/{sku}", inventory._items[sku])


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO)
    Inventory().restock("apple", 3)
