"""meshgate addresses: FILE, or FILE!MEMBER[!NESTED...] (docs/USAGE.md). A `!` in a
real file name is spelled `\\x21` by meshgate, so the first `!` ends the file's path."""

import json


def split_address(address):
    """(file path, member path below it or "")."""
    path, _bang, member = address.partition("!")
    return path, member


def join_address(path, member):
    return f"{path}!{member}" if member else path


def store_list(values):
    return json.dumps(list(values))


def load_list(text):
    return json.loads(text) if text else []
