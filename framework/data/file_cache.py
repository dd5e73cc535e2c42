"""``Dataset.cache(filename)``: the elements in TensorFlow's cache files, '<filename>.index' and
'<filename>.data-00000-of-00001' (a TensorBundle, as tf.data's CacheDataset writes it).

tf.data writes the files when an iterator reaches the end of its input (a partial pass leaves none),
and an iterator made while '<filename>.index' exists reads the files instead of the input: a later
dataset, or a later program, cached to the same name gets the elements cached first whatever its
input (TensorFlow's known stale-cache behaviour). Each element's component c of item i is the tensor
keyed '%7d_%*d' % (i, width, c) (TF's kKeyStrFormat, padded to the digits of 9999999 and of the last
component's index). An iterator closed part-way logs TF's warning (memory_cache.py's, from its own line).
A directory that does not exist fails at the first element with TF's NotFoundError
on its lockfile. Components that are no dense tensor (ragged, sparse) are cached in memory only.
"""
import os

import numpy as np

from .. import native_log, nest
from ..errors import NotFoundError
from ..train import tensor_bundle
from .iterator_errors import next_error
from .memory_cache import PARTIAL_READ
from .spec import TensorSpec

_ITEM_WIDTH = len(str(10000000 - 1))       # TF's kMaxItems - 1


def _dense(spec):
    """Whether every component of ``spec`` is a dense tensor (what this module writes)."""
    return all(type(leaf) is TensorSpec for leaf in nest.flatten(spec))


def _key(item, component, components):
    return '%*d_%*d' % (_ITEM_WIDTH, item, len(str(max(components - 1, 0))), component)


def file_cached(source, spec_of, filename, in_memory):
    """A generator function over ``source``'s elements that writes them to ``filename``'s cache files
    at the end of a full pass, or reads them from those files when they exist. ``in_memory``: the
    memory cache's generator function, for elements this module does not write. The spec is read when
    an iterator starts (not when the stage is made: tapeflow traces map functions lazily)."""
    def cached():
        spec = spec_of()
        if not _dense(spec):
            yield from in_memory()
            return
        components = len(nest.flatten(spec))
        if os.path.exists(filename + '.index'):
            yield from _read(filename, spec, components)
            return
        directory = os.path.dirname(filename) or '.'
        if not os.path.isdir(directory):
            raise next_error(NotFoundError, '%s_0.lockfile; No such file or directory' % filename, components)
        elements = []
        try:
            for element in source():
                elements.append(element)
                yield element
        except GeneratorExit:       # closed part-way (take, break): no files, and TF's warning
            native_log.warning('cache_dataset_ops.cc:330', PARTIAL_READ)
            raise
        _write(filename, elements, components)
    return cached


def _write(filename, elements, components):
    tensors = [(_key(i, c, components), np.asarray(value))
               for i, element in enumerate(elements) for c, value in enumerate(nest.flatten(element))]
    index, data = tensor_bundle.encode(tensors, absl_logs=False)
    if tensors:         # TF writes no data shard for an empty input, only the index
        with open(tensor_bundle.data_path(filename), 'wb') as f:
            f.write(data)
    with open(filename + '.index', 'wb') as f:
        f.write(index)


def _read(filename, spec, components):
    _, values = tensor_bundle.read(filename)
    for item in range(len(values) // max(components, 1)):
        yield nest.pack_sequence_as(spec, [values[_key(item, c, components)] for c in range(components)])
