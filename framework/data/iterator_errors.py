"""Errors a dataset raises while it is iterated, in TF 2.21's words: the eager ``IteratorGetNext`` op's.

TF reads files and parses records inside the iterator's kernels, so a missing file or a bad CSV field
surfaces from ``next(it)`` as ``{{function_node __wrapped__IteratorGetNext_output_types_N_device_...}}
<the kernel's sentence> [Op:IteratorGetNext] name: ``, N the number of components of the dataset being
iterated (a ``map`` or ``batch`` after the reader changes it). A reader raises ``next_error`` with its own
count; the iterator (``recounted``) puts in its dataset's.
"""
import re

from .. import nest
from ..errors import _EAGER_CPU

_PREFIX = '{{function_node __wrapped__IteratorGetNext_output_types_%d_device_%s}} '
_COUNTED = re.compile(r'^\{\{function_node __wrapped__IteratorGetNext_output_types_(\d+)_device_')


def next_error(error_class, text, components=1, note=None):
    """``error_class`` (an OpError) with IteratorGetNext's words around the kernel's ``text``."""
    error = error_class(None, None, (_PREFIX % (components, _EAGER_CPU)) + text + ' [Op:IteratorGetNext] name: ')
    if note:
        error.add_note(note)
    return error


def recounted(error, dataset):
    """``error`` with ``dataset``'s component count where it names another; None where it needs no change."""
    found = _COUNTED.match(str(error))
    if found is None:
        return None
    try:
        count = len(nest.flatten(dataset.element_spec))
    except Exception:       # a map's spec comes from tracing on the first element, which is what failed
        return None
    if int(found.group(1)) == count:
        return None
    message = str(error)
    fixed = type(error)(None, None, message[:found.start(1)] + str(count) + message[found.end(1):])
    for note in getattr(error, '__notes__', ()):
        fixed.add_note(note)
    return fixed


def consumed_by(error, node, op):
    """``error`` as TF 2.21 words it when a one-shot op drains the dataset instead of an iterator
    (``reduce``: ReduceDataset, ``get_single_element``: DatasetToSingleElement): the same kernel sentence
    under that op's node and name. None where ``error`` is no IteratorGetNext error."""
    found = _COUNTED.match(str(error))
    if found is None:
        return None
    message = str(error)
    message = '{{function_node __wrapped__%s_device_' % node + message[found.end():]
    message = message.replace('[Op:IteratorGetNext]', '[Op:%s]' % op)
    renamed = type(error)(None, None, message)
    for note in getattr(error, '__notes__', ()):
        renamed.add_note(note)
    return renamed
