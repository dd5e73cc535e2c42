"""``tf.summary.experimental.summary_scope``: the tag and name scope a custom summary op writes under."""
import contextlib
import re

from ..name_scopes import get_current_name_scope, name_scope

_INVALID_SCOPE_CHARACTERS = re.compile(r'[^-_/.A-Za-z0-9]')


@contextlib.contextmanager
def summary_scope(name, default_name=None, values=None):
    """Yields ``(tag, scope)``: ``name`` under the current name scope as given, and the name scope
    entered with ``name`` stripped of characters scopes refuse (``default_name``, else ``'summary'``,
    if none are left)."""
    name = name or default_name
    current = get_current_name_scope()
    tag = current + '/' + name if current else name
    with name_scope(_INVALID_SCOPE_CHARACTERS.sub('', name) or default_name or 'summary') as scope:
        yield tag, scope
