"""A page's catalogue served with some sentences left untranslated (for the fallback's tests)."""

from __future__ import annotations

from typing import Any


def leave_untranslated(page: Any, ids: set[str]) -> None:
    """The page's catalogue (``/i18n.json``) served to ``page`` without ``ids`` translated, as a
    language still lacking those sentences has it (the shipped catalogues translate every id)."""
    import json

    def serve(route: Any) -> None:
        response = route.fetch()
        body = response.json()
        body["messages"] = {k: v for k, v in body.get("messages", {}).items() if k not in ids}
        route.fulfill(response=response, body=json.dumps(body))

    page.route("**/i18n.json*", serve)
