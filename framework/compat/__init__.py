"""``tf.compat``: TensorFlow's string and dimension helpers, and the ``v1`` / ``v2`` API names.

``tf.compat.v2`` is tapeflow's own API. ``tf.compat.v1`` answers the TensorFlow 1 names
that still mean something in an eager program (``logging.set_verbosity``,
``set_random_seed``, ``enable_eager_execution``, a ``ConfigProto`` handed to a
``Session``, ...) and refuses graph building (``placeholder``, ``Session.run``,
``disable_eager_execution``) with TensorFlow's words; every other name is tapeflow's.
"""
import numbers
import os

import numpy as np

from . import v1, v2  # noqa: F401

bytes_or_text_types = (bytes, str)
integral_types = (numbers.Integral, np.integer)
real_types = (numbers.Real, np.integer, np.floating)
complex_types = (numbers.Complex, np.number)


def as_bytes(bytes_or_text, encoding='utf-8'):
    """``bytes_or_text`` as bytes (str encoded with ``encoding``).

    Raises:
        TypeError: anything else, in TensorFlow's words.
    """
    if isinstance(bytes_or_text, bytearray):
        return bytes(bytes_or_text)
    if isinstance(bytes_or_text, str):
        return bytes_or_text.encode(encoding)
    if isinstance(bytes_or_text, bytes):
        return bytes_or_text
    raise TypeError('Expected binary or unicode string, got %r' % (bytes_or_text,))


def as_text(bytes_or_text, encoding='utf-8'):
    """``bytes_or_text`` as str (bytes decoded with ``encoding``).

    Raises:
        TypeError: anything else, in TensorFlow's words.
    """
    if isinstance(bytes_or_text, str):
        return bytes_or_text
    if isinstance(bytes_or_text, bytes):
        return bytes_or_text.decode(encoding)
    raise TypeError('Expected binary or unicode string, got %r' % (bytes_or_text,))


as_str = as_text


def as_str_any(value, encoding='utf-8'):
    """``str(value)``, decoding bytes first."""
    return as_str(value, encoding) if isinstance(value, bytes) else str(value)


def path_to_str(path):
    """A path-like object as a str (other values unchanged)."""
    return os.fspath(path) if isinstance(path, os.PathLike) else path


def dimension_value(dimension):
    """A dimension's int value, or None when unknown (tapeflow's dimensions are ints or None)."""
    return getattr(dimension, 'value', dimension)


def dimension_at_index(shape, index):
    """The ``index``-th dimension of ``shape`` (None for a shape of unknown rank)."""
    dims = getattr(shape, 'dims', shape)
    return None if dims is None else dims[index]


def forward_compatible(year, month, day):
    """True: tapeflow has no older behaviour held back for forward compatibility."""
    return True


class forward_compatibility_horizon:
    """A context that moves TensorFlow's compatibility date; nothing here depends on it."""

    def __init__(self, year, month, day):
        self.date = (year, month, day)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False
