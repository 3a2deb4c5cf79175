#!/usr/bin/env python3
"""The reference side of `npm run eval:feeds`: Universal Feed Parser (feedparser 6) reads each file.

Needs Debian's python3-feedparser (not installed by `npm install`):
    apt-get install -y python3-feedparser

Usage: python3 bench/eval/feeds.py BASE_URL FILE... > out.json
Prints one JSON object: {file: {"bozo", "version", "entries": [...]}} where each entry has the
title, link, id, the date in UTC (ISO 8601, or null), and the summary both as feedparser gives it
(sanitised HTML) and as reference plain text: inline elements joined without a space, blocks
separated, every entity decoded. Relative links resolve against BASE_URL + file name, the URL that
Tidings is told it fetched.
"""
import calendar
import html
import json
import sys
from html.parser import HTMLParser

import feedparser

BLOCK = set(
    "address article aside blockquote br caption dd details dialog div dl dt fieldset figcaption figure "
    "footer form h1 h2 h3 h4 h5 h6 header hr li main nav ol p pre section summary table tbody td tfoot th "
    "thead tr ul video audio iframe".split()
)
HIDDEN = {"script", "style", "noscript", "template", "head", "svg", "math", "object"}


class Text(HTMLParser):
    """The text a reader sees in an HTML fragment."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.out = []
        self.hidden = 0

    def handle_starttag(self, tag, attrs):
        if tag in HIDDEN:
            self.hidden += 1
        elif tag in BLOCK:
            self.out.append(" ")

    def handle_startendtag(self, tag, attrs):
        if tag in BLOCK:
            self.out.append(" ")

    def handle_endtag(self, tag):
        if tag in HIDDEN:
            self.hidden = max(0, self.hidden - 1)
        elif tag in BLOCK:
            self.out.append(" ")

    def handle_data(self, data):
        if not self.hidden:
            self.out.append(data)


def plain(value, kind="text/html"):
    if not value:
        return ""
    if kind == "text/plain":
        return " ".join(value.split())
    parser = Text()
    try:
        parser.feed(value)
        parser.close()
        text = "".join(parser.out)
    except Exception:  # noqa: BLE001 - a fragment the parser cannot read: use it as text
        text = html.unescape(value)
    return " ".join(text.split())


def detail_type(entry, key):
    detail = entry.get(key + "_detail") or {}
    return detail.get("type", "text/html")


def when(entry):
    for key in ("published_parsed", "updated_parsed", "created_parsed"):
        parsed = entry.get(key)
        if parsed:
            try:
                return calendar.timegm(parsed) * 1000
            except (OverflowError, ValueError):
                return None
    return None


def summary_of(entry):
    """What feedparser offers as the item's text: summary, else content, else media/itunes text."""
    if entry.get("summary"):
        return entry["summary"], detail_type(entry, "summary")
    for content in entry.get("content") or []:
        if content.get("value"):
            return content["value"], content.get("type", "text/html")
    for key in ("media_description", "itunes_summary", "subtitle"):
        if entry.get(key):
            return entry[key], "text/plain" if key != "media_description" else "text/html"
    return "", "text/plain"


def main():
    base, files = sys.argv[1], sys.argv[2:]
    out = {}
    for path in files:
        name = path.rsplit("/", 1)[-1]
        with open(path, "rb") as handle:
            data = handle.read()
        try:
            parsed = feedparser.parse(data, response_headers={"content-location": base + name})
        except Exception as error:  # noqa: BLE001 - feedparser itself fails on a few hostile files
            out[path] = {"error": f"{type(error).__name__}: {error}", "entries": []}
            continue
        entries = []
        for entry in parsed.entries:
            summary, kind = summary_of(entry)
            entries.append(
                {
                    "title": plain(entry.get("title", ""), detail_type(entry, "title")),
                    "link": entry.get("link") or None,
                    "links": [link.get("href") for link in entry.get("links", []) if link.get("href")],
                    "id": entry.get("id") or None,
                    "date": when(entry),
                    "summaryHtml": summary,
                    "summary": plain(summary, kind),
                    "enclosures": [e.get("href") for e in entry.get("enclosures", []) if e.get("href")],
                }
            )
        out[path] = {
            "bozo": bool(parsed.bozo),
            "version": parsed.get("version") or "",
            "encoding": parsed.get("encoding") or "",
            "entries": entries,
        }
    json.dump(out, sys.stdout)


if __name__ == "__main__":
    main()
